//! A component played as one whole state ([`ComponentGame`]): a staircase, pieces on a strip, a
//! pair of numbers, a row of coins, a graph. Its game gives its positions, its moves as
//! positions after, and what it knows in closed form; [`Whole`] makes it a [`Ruleset`], so the
//! engine (the Sprague–Grundy sum, the exhaustive search, misère play, review, the trainer)
//! plays it in sums with every other family without knowing what its numbers mean.
//!
//! A state is a list of numbers whose meaning only the game knows (the coins on each step, the
//! cells of the pieces, the two numbers of Euclid's game). What the engine needs of it:
//! - its options, on machine words, for the search and for Grundy values by mex;
//! - optionally a closed form of its Grundy value, of the moves to a given value, of the
//!   verdict played alone, for numbers of any size;
//! - a canonical form (the order of pieces that may be reordered) and bounds of the work.
//!
//! Grundy values without a closed form are the mex of the options' values (Sprague–Grundy
//! 1935/39), computed by a memoised search over the states one can reach, held to the search
//! limit.

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Mutex;

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, MoveRule, Searched, SolveError};
use crate::explain::Step;
use crate::games::facts::TypedMoves;
use crate::loopy::Gamma;
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::{Limits, Play};
use crate::ruleset::{AloneVerdict, Rules, Ruleset, SequenceProof};

/// The game of a component played as one whole state: its positions are lists of numbers
/// (`state`) whose meaning only the game knows, its moves go from one state to another.
///
/// Only [`ComponentGame::spec`], [`ComponentGame::name`], [`ComponentGame::json`],
/// [`ComponentGame::rule`] and [`ComponentGame::options`] are required; the rest have defaults
/// computed from the options on machine words (held to the search limit), which a game with a
/// closed form overrides for numbers of any size.
pub trait ComponentGame: fmt::Debug + Send + Sync + 'static {
    /// The spec in the position grammar: `staircase`, `moore:2`.
    fn spec(&self) -> String;

    /// How people name the game.
    fn name(&self) -> Name;

    /// The rules as JSON: `{"kind":"staircase"}`.
    fn json(&self) -> serde_json::Value;

    /// The move rule, for the reason a change is no move.
    fn rule(&self) -> MoveRule;

    /// How many numbers a state has, when the game fixes it (Euclid's game: 2).
    fn state_len(&self) -> Option<usize> {
        None
    }

    /// Why `state` is no position of the game (pieces on one cell, a 0 in Euclid's game), or
    /// `Ok`.
    ///
    /// # Errors
    /// The reason.
    fn check_state(&self, _state: &[Nat]) -> Result<(), crate::error::StateWhy> {
        Ok(())
    }

    /// Appends the state as a position writes it after the spec. Default: the numbers
    /// separated by spaces.
    fn write_state(&self, state: &[Nat], out: &mut Vec<u8>) {
        for (i, n) in state.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            n.write_decimal(out);
        }
    }

    /// The numbers a token of a position stands for when the game writes several numbers as
    /// one token (an edge `0-1`, a coin `3:5`), appended to `out`; `None` (the default) for
    /// a token that is one number.
    ///
    /// # Errors
    /// The error of the token's first bad number.
    fn numbers_of_token(
        &self,
        _token: &[u8],
        _out: &mut Vec<Nat>,
    ) -> Option<Result<(), crate::error::NumberError>> {
        None
    }

    /// How [`ComponentGame::typed_move`] reads moves typed in the game's own words, if it does.
    fn typed_moves(&self) -> Option<TypedMoves> {
        None
    }

    /// The move from `before` to `after` in the game's own words, as it is typed (`cut 1-2`),
    /// when the game reads such words; `None` (the default) to type it as `to` and the state.
    fn typed_text(&self, _before: &[Nat], _after: &[Nat]) -> Option<String> {
        None
    }

    /// Whether [`ComponentGame::numbers_of_token`] reads any token its own way.
    fn reads_tokens(&self) -> bool {
        false
    }

    /// The move played from a lost position (the engine's fallback), as the state after it;
    /// `None` (the default) for the first of the options. A game whose options are many and
    /// large overrides it to find one without listing them all.
    fn fallback_option(&self, _state: &[Nat]) -> Option<Vec<Nat>> {
        None
    }

    /// The state after a move typed in the game's own words (`cut 1-2`): `None` (the default)
    /// when `text` is not in the game's words, `Some(Err(why))` when it is but names no move of
    /// `state` (an edge that does not stand).
    fn typed_move(&self, _state: &[Nat], _text: &str) -> Option<Result<Vec<Nat>, IllegalMove>> {
        None
    }

    /// Calls `f` with every state one move from `state` (numbers that fit in a machine word),
    /// in a fixed order: the order in which moves are listed.
    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64]));

    /// Puts a state in the form the search remembers (pieces that may be reordered, sorted),
    /// keeping its length. Default: as it is.
    fn canonical(&self, _state: &mut [u64]) {}

    /// An upper bound of the states reachable from `state`, itself included; `None` beyond a
    /// machine word.
    fn positions_bound(&self, state: &[u64]) -> Option<u64>;

    /// An upper bound of the moves from any state reachable from `state`.
    fn moves_bound(&self, state: &[u64]) -> u64;

    /// The Grundy value of `state` in closed form, for numbers of any size, when the game has
    /// one (staircase Nim: the nim-sum of the odd steps). Default: none (the mex of the options
    /// is computed).
    fn grundy(&self, _state: &[Nat]) -> Option<Nat> {
        None
    }

    /// How many steps listing every move of `state` takes, for the engine to list the first
    /// winning move alone past its bound (as [`Ruleset::listing_work`]). Default: its length.
    fn listing_work(&self, state: &[Nat]) -> u64 {
        state.len() as u64
    }

    /// Why the moves of `state` to Grundy value `target` are not listed within `limits` (even
    /// the first would take more steps than a listing may), asked before
    /// [`ComponentGame::moves_to_value`]; `None` (the default) when they are listed.
    fn listing_refused(
        &self,
        _state: &[Nat],
        _target: &Nat,
        _limits: &Limits,
    ) -> Option<SolveError> {
        None
    }

    /// Calls `f` with every state one move from `state` whose Grundy value is `target`, from
    /// the closed form, until `f` breaks; `None` when the game has no closed form of them.
    fn moves_to_value(
        &self,
        _state: &[Nat],
        _target: &Nat,
        _f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        None
    }

    /// What the game's own theorem decides of a component played alone under `play`, with
    /// every winning move as the state after it (numbered in the component alone); `None`
    /// when the game has no such theorem for this play.
    fn verdict(&self, _state: &[Nat], _play: Play) -> Option<Verdict> {
        None
    }

    /// γ, the generalised Sprague–Grundy value (Smith 1966), of `state` when the game may go
    /// on for ever (tokens on a graph with cycles); `None` (the default) for a game whose every
    /// play ends, valued by its Grundy value. [`ComponentGame::moves_to_value`] must then list
    /// the moves to a state of finite γ equal to the target.
    fn loopy_value(&self, _state: &[Nat]) -> Option<Gamma> {
        None
    }

    /// The remoteness of `state` played alone, when the game may go on for ever and the state
    /// is decided, within `limit` steps; `None` otherwise.
    fn loopy_remoteness(&self, _state: &[Nat], _limit: u64) -> Option<u64> {
        None
    }

    /// The steps that explain the component's value or verdict ([`crate::explain`]).
    fn explain(&self, _state: &[Nat], _offset: usize) -> Vec<Step> {
        Vec::new()
    }

    /// An upper bound of the moves a game from `state` can last.
    fn longest_game(&self, _state: &[Nat]) -> Option<Nat> {
        None
    }

    /// How the values of the one-number positions `SPEC n` are known (`nimsolve grundy`): a
    /// closed form where the family has one. Default: [`SequenceProof::Table`], each value
    /// computed from the rules.
    fn sequence_proof(&self) -> SequenceProof {
        SequenceProof::Table
    }

    /// Whether `state` has a move. Default: it has an option (machine words), or it does not
    /// fit machine words (then it is taken to have one: every game here with such numbers
    /// overrides this).
    fn has_move(&self, state: &[Nat]) -> bool {
        match small(state) {
            Some(s) => {
                let mut any = false;
                self.options(&s, &mut |_| any = true);
                any
            }
            None => true,
        }
    }

    /// Whether `after` is one move from `before`. Default: `after` is among the options
    /// (machine words).
    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        let (Some(b), Some(a)) = (small(before), small(after)) else {
            return false;
        };
        let mut found = false;
        self.options(&b, &mut |o| found |= o == a.as_slice());
        found
    }

    /// A move drawn uniformly among the options of `state`, as the state after it. Default:
    /// among the options on machine words.
    fn random_option(&self, state: &[Nat], rng: &mut dyn RngCore) -> Option<Vec<Nat>> {
        let s = small(state)?;
        let mut all: Vec<Vec<u64>> = Vec::new();
        self.options(&s, &mut |o| all.push(o.to_vec()));
        let k = crate::nat::uniform_below(rng, &Nat::from(all.len() as u64))?.to_u64()?;
        Some(all.get(k as usize)?.iter().map(|&x| Nat::from(x)).collect())
    }

    /// A random state of `count` numbers at most `max` each for a practice position; `None`
    /// when the game has none. Default: each number uniform in 1..=max.
    fn random_state(&self, count: usize, max: &Nat, rng: &mut dyn RngCore) -> Option<Vec<Nat>> {
        (0..count)
            .map(|_| Some(crate::nat::uniform_below(rng, max)?.add(&Nat::ONE)))
            .collect()
    }
}

/// What a game's own theorem decides of a component played alone ([`ComponentGame::verdict`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Every winning move as the state after it, in the game's order.
    pub winning: Vec<Vec<Nat>>,
    /// The family's theorem that decided.
    pub theorem: crate::games::facts::FamilyTheorem,
    /// What the theorem read off the position.
    pub fact: Option<crate::games::facts::Fact>,
}

/// The numbers as machine words, `None` if one does not fit.
pub fn small(state: &[Nat]) -> Option<Vec<u64>> {
    state.iter().map(Nat::to_u64).collect()
}

fn big(state: &[u64]) -> Vec<Nat> {
    state.iter().map(|&x| Nat::from(x)).collect()
}

/// A state and its options, on machine words.
type Options = (Vec<u64>, Vec<Vec<u64>>);

/// A [`ComponentGame`] as the engine's [`Ruleset`]: its component is one atom of the search (of
/// any length), its moves are [`Move::To`].
pub struct Whole<G> {
    game: G,
    /// The options of the last state asked, for the search, which asks for them one by one.
    last: Mutex<Option<Options>>,
    /// Grundy values computed by mex, by canonical state.
    values: Mutex<HashMap<Vec<u64>, u64>>,
}

impl<G: ComponentGame> Whole<G> {
    /// The game as rules.
    pub fn rules(game: G) -> Rules {
        Rules::new(Whole {
            game,
            last: Mutex::new(None),
            values: Mutex::new(HashMap::new()),
        })
    }

    fn to_move(&self, offset: usize, before: &[Nat], after: Vec<Nat>) -> Move {
        Move::To {
            pile: offset,
            before: before.to_vec(),
            after,
        }
    }

    /// The options of `state`, from the cache when the search asks again.
    fn options_of(&self, state: &[u64]) -> Vec<Vec<u64>> {
        self.with_options(state, <[Vec<u64>]>::to_vec)
    }

    /// `f` of the options of `state`, computed once per state and kept for the next asks: the
    /// search asks for them one by one ([`Ruleset::atom_child`]), which must not copy them
    /// all each time. `f` must not ask this component for options again.
    fn with_options<R>(&self, state: &[u64], f: impl FnOnce(&[Vec<u64>]) -> R) -> R {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.as_ref().is_none_or(|(s, _)| s != state) {
            let mut options = Vec::new();
            self.game.options(state, &mut |o| options.push(o.to_vec()));
            *last = Some((state.to_vec(), options));
        }
        match last.as_ref() {
            Some((_, options)) => f(options),
            None => f(&[]),
        }
    }

    /// The Grundy value of a state on machine words by mex over its options, memoised,
    /// iteratively; an error past `limit` states.
    fn mex_value(&self, state: &[u64], limit: u64) -> Result<u64, SolveError> {
        let mut memo = self.values.lock().unwrap_or_else(|e| e.into_inner());
        let canon = |s: &[u64]| {
            let mut c = s.to_vec();
            self.game.canonical(&mut c);
            c
        };
        let root = canon(state);
        if let Some(&g) = memo.get(&root) {
            return Ok(g);
        }
        let within = self
            .game
            .positions_bound(state)
            .and_then(|p| p.checked_mul(self.game.moves_bound(state).saturating_add(1)))
            .filter(|&w| w <= limit);
        if within.is_none() {
            return Err(SolveError::SearchLimit {
                what: Searched::ComponentValue,
                needed: self.game.positions_bound(state).map_or(
                    "more than 2^64".to_string(),
                    |p| {
                        p.saturating_mul(self.game.moves_bound(state).saturating_add(1))
                            .to_string()
                    },
                ),
                limit,
            });
        }
        // An explicit stack of (state, its options, how many are valued).
        let mut stack: Vec<(Vec<u64>, Vec<Vec<u64>>)> = Vec::new();
        let options = |s: &[u64]| {
            let mut out = Vec::new();
            self.game.options(s, &mut |o| out.push(canon(o)));
            out
        };
        stack.push((root.clone(), options(&root)));
        while let Some((s, opts)) = stack.last() {
            if let Some(next) = opts.iter().find(|o| !memo.contains_key(*o)).cloned() {
                let o = options(&next);
                stack.push((next, o));
                continue;
            }
            let mut seen: Vec<u64> = opts.iter().map(|o| memo[o]).collect();
            seen.sort_unstable();
            seen.dedup();
            let g = seen
                .iter()
                .enumerate()
                .find(|&(i, &v)| v != i as u64)
                .map_or(seen.len() as u64, |(i, _)| i as u64);
            let s = s.clone();
            stack.pop();
            memo.insert(s, g);
        }
        Ok(memo[&root])
    }

    /// The Grundy value of a state: the closed form, else the mex.
    fn value(&self, state: &[Nat], limits: &Limits) -> Result<Nat, SolveError> {
        if let Some(g) = self.game.grundy(state) {
            return Ok(g);
        }
        match small(state) {
            Some(s) => Ok(Nat::from(self.mex_value(&s, limits.search)?)),
            None => Err(SolveError::SearchLimit {
                what: Searched::ComponentValue,
                needed: "more than 2^64".to_string(),
                limit: limits.search,
            }),
        }
    }
}

impl<G: ComponentGame> fmt::Debug for Whole<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.fmt(f)
    }
}

/// Appends a state of pairs as a position writes them: each pair `a{join}b`, pairs separated
/// by `sep` (Turning Corners' heads `3:5 4:1`, a graph's edges `0-1,1-2`); a number left
/// without its pair alone.
pub(crate) fn write_pairs(state: &[Nat], join: u8, sep: u8, out: &mut Vec<u8>) {
    for (i, p) in state.chunks(2).enumerate() {
        if i > 0 {
            out.push(sep);
        }
        p[0].write_decimal(out);
        if let Some(b) = p.get(1) {
            out.push(join);
            b.write_decimal(out);
        }
    }
}

/// The most options a fallback move is chosen among by listing them ([`Ruleset::fallback`]
/// of [`Whole`]); beyond, the game's closed form draws one.
const FALLBACK_LISTED: u64 = 1 << 16;

impl<G: ComponentGame> Ruleset for Whole<G> {
    fn spec(&self) -> String {
        self.game.spec()
    }

    fn name(&self) -> Name {
        self.game.name()
    }

    fn json(&self) -> serde_json::Value {
        self.game.json()
    }

    fn component_piles(&self) -> Option<usize> {
        self.game.state_len()
    }

    fn check_component(&self, piles: &[Nat]) -> Result<(), crate::error::StateWhy> {
        self.game.check_state(piles)
    }

    fn is_whole(&self) -> bool {
        true
    }

    fn numbers_of_token(
        &self,
        token: &[u8],
        out: &mut Vec<Nat>,
    ) -> Option<Result<(), crate::error::NumberError>> {
        self.game.numbers_of_token(token, out)
    }

    fn reads_tokens(&self) -> bool {
        self.game.reads_tokens()
    }

    fn typed_move(
        &self,
        piles: &[Nat],
        offset: usize,
        text: &str,
    ) -> Option<Result<Move, IllegalMove>> {
        let after = self.game.typed_move(piles, text)?;
        Some(after.map(|after| self.to_move(offset, piles, after)))
    }

    fn typed_moves(&self) -> Option<TypedMoves> {
        self.game.typed_moves()
    }

    fn typed_text(&self, before: &[Nat], after: &[Nat]) -> Option<String> {
        self.game.typed_text(before, after)
    }

    fn write_piles(&self, piles: &[Nat], out: &mut Vec<u8>) {
        self.game.write_state(piles, out);
    }

    fn allows_take(&self, _take: &Nat) -> Result<(), IllegalMove> {
        Err(IllegalMove::NotHeaps)
    }

    fn take_count(&self, _p: &Nat) -> Nat {
        Nat::ZERO
    }

    fn nth_take(&self, _p: &Nat, _k: &Nat) -> Option<Nat> {
        None
    }

    fn take_at(&self, _p: u64, _k: usize) -> Option<u64> {
        None
    }

    fn listing_work(&self, piles: &[Nat]) -> u64 {
        self.game.listing_work(piles)
    }

    fn grundy(&self, piles: &[Nat], limits: &Limits) -> Result<Nat, SolveError> {
        self.value(piles, limits)
    }

    fn moves_changing_grundy(
        &self,
        piles: &[Nat],
        offset: usize,
        delta: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        let target = self.value(piles, limits)?.xor(delta);
        if let Some(e) = self.game.listing_refused(piles, &target, limits) {
            return Err(e);
        }
        if let Some(flow) = self.game.moves_to_value(piles, &target, &mut |after| {
            f(self.to_move(offset, piles, after))
        }) {
            return Ok(flow);
        }
        let Some(s) = small(piles) else {
            return Ok(ControlFlow::Continue(()));
        };
        for option in self.options_of(&s) {
            if Nat::from(self.mex_value(&option, limits.search)?) == target {
                let flow = f(self.to_move(offset, piles, big(&option)));
                if flow.is_break() {
                    return Ok(flow);
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn alone_normal(&self, piles: &[Nat]) -> Option<AloneVerdict> {
        self.alone(piles, Play::Normal)
    }

    fn alone_misere(&self, piles: &[Nat]) -> Option<AloneVerdict> {
        self.alone(piles, Play::Misere)
    }

    fn explain_alone(
        &self,
        piles: &[Nat],
        offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(self.game.explain(piles, offset))
    }

    fn explain_value(
        &self,
        piles: &[Nat],
        offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(self.game.explain(piles, offset))
    }

    fn longest_game(&self, piles: &[Nat]) -> Option<Nat> {
        self.game.longest_game(piles)
    }

    fn check_move(&self, piles: &[Nat], _offset: usize, mv: &Move) -> Result<(), MoveError> {
        match mv {
            Move::To { before, after, .. } => {
                if before.as_slice() != piles {
                    return Err(IllegalMove::StateHolds.into());
                }
                if self.game.is_option(before, after) {
                    Ok(())
                } else {
                    let write = |state: &[Nat]| {
                        let mut out = self.game.spec().into_bytes();
                        out.push(b' ');
                        self.game.write_state(state, &mut out);
                        String::from_utf8_lossy(&out).into_owned()
                    };
                    Err(IllegalMove::NotAMoveOf {
                        before: write(before),
                        after: write(after),
                        rule: self.game.rule(),
                    }
                    .into())
                }
            }
            _ => Err(IllegalMove::NotHeaps.into()),
        }
    }

    fn has_move(&self, piles: &[Nat]) -> bool {
        self.game.has_move(piles)
    }

    fn fallback(&self, piles: &[Nat], offset: usize) -> Option<(Nat, Move)> {
        // The game's own fallback; else the first option of a state with few; else one drawn
        // by the game's own closed form (which lists nothing) from a fixed seed, so that the
        // same position always gets the same move: a lost staircase of 10^20 coins has moves,
        // and listing them all would never end.
        let few = small(piles).filter(|s| self.game.moves_bound(s) <= FALLBACK_LISTED);
        let after = match (self.game.fallback_option(piles), few) {
            (Some(after), _) => after,
            (None, Some(s)) => {
                let mut first: Option<Vec<u64>> = None;
                self.game.options(&s, &mut |o| {
                    if first.is_none() {
                        first = Some(o.to_vec());
                    }
                });
                big(&first?)
            }
            (None, None) => {
                use rand::SeedableRng;
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
                self.game.random_option(piles, &mut rng)?
            }
        };
        let size = piles.iter().fold(Nat::ZERO, |s, p| s.add(p));
        Some((size, self.to_move(offset, piles, after)))
    }

    fn random_heap(&self, max: &Nat, rng: &mut dyn RngCore) -> Option<Nat> {
        Some(crate::nat::uniform_below(rng, max)?.add(&Nat::ONE))
    }

    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        self.game.sequence_proof()
    }

    fn random_state(&self, count: usize, max: &Nat, rng: &mut dyn RngCore) -> Option<Vec<Nat>> {
        self.game.random_state(count, max, rng)
    }

    fn random_choices(&self, piles: &[Nat]) -> usize {
        usize::from(self.game.has_move(piles))
    }

    fn random_move(
        &self,
        piles: &[Nat],
        offset: usize,
        _choice: usize,
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let after = self.game.random_option(piles, rng)?;
        Some(self.to_move(offset, piles, after))
    }

    fn loopy_value(&self, piles: &[Nat]) -> Option<Gamma> {
        self.game.loopy_value(piles)
    }

    fn loopy_remoteness(&self, piles: &[Nat], limit: u64) -> Option<u64> {
        self.game.loopy_remoteness(piles, limit)
    }

    fn loopy_moves_to(
        &self,
        piles: &[Nat],
        offset: usize,
        target: u64,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.game
            .moves_to_value(piles, &Nat::from(target), &mut |after| {
                f(self.to_move(offset, piles, after))
            })
            .unwrap_or(ControlFlow::Continue(()))
    }

    fn atom_len(&self) -> usize {
        0
    }

    fn canonical_atom(&self, atom: &mut [u64]) {
        self.game.canonical(atom);
    }

    fn atom_is_terminal(&self, atom: &[u64]) -> bool {
        let mut any = false;
        self.game.options(atom, &mut |_| any = true);
        !any
    }

    fn atom_positions(&self, atom: &[u64]) -> Option<u64> {
        self.game.positions_bound(atom)
    }

    fn atom_moves(&self, atom: &[u64]) -> u64 {
        self.game.moves_bound(atom)
    }

    fn atom_child(&self, atom: &[u64], k: usize, out: &mut Vec<u64>) -> bool {
        self.with_options(atom, |options| match options.get(k) {
            Some(o) => {
                out.extend_from_slice(o);
                true
            }
            None => false,
        })
    }

    fn each_child(&self, atom: &[u64], f: &mut dyn FnMut(&[u64])) {
        self.game.options(atom, f);
    }

    fn each_move(&self, piles: &[u64], offset: usize, f: &mut dyn FnMut(Move, &[u64])) {
        let before = big(piles);
        for option in self.options_of(piles) {
            f(self.to_move(offset, &before, big(&option)), &option);
        }
    }
}

impl<G: ComponentGame> Whole<G> {
    fn alone(&self, piles: &[Nat], play: Play) -> Option<AloneVerdict> {
        let v = self.game.verdict(piles, play)?;
        Some(AloneVerdict {
            winning_moves: v
                .winning
                .into_iter()
                .map(|after| self.to_move(0, piles, after))
                .collect(),
            theorem: v.theorem,
            fact: v.fact,
        })
    }
}
