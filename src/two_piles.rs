//! A game on a pair of piles (a, b) whose move takes from one pile or the same amount from both
//! ([`TwoPileGame`]): Wythoff's game (any positive amount), kiki's game (exactly 1: a coin's
//! step down, left or diagonally). Its game gives what a move may take, the Grundy value g(a, b)
//! and what it knows in closed form; [`TwoPiles`] makes it a [`Ruleset`], so the engine (the
//! Sprague–Grundy sum, the exhaustive search, misère play, review, the trainer) plays it in sums
//! with every other family.
//!
//! The moves are the same for every such game, so the adapter lists them, draws them at random,
//! checks them and walks them for the search: from both piles first (amounts ascending), then
//! from the first pile, then from the second. A component is one search atom of two numbers,
//! kept sorted (both games are symmetric in their piles).

use std::fmt;
use std::ops::ControlFlow;

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, SolveError};
use crate::explain::Step;
use crate::moves::Move;
use crate::name::Name;
use crate::nat::{Nat, uniform_below};
use crate::rules::Limits;
use crate::ruleset::{AloneVerdict, BothPiles, Rules, Ruleset};

/// What a move of a [`TwoPileGame`] takes, from one pile or from both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Takes {
    /// Any positive amount (Wythoff's game).
    Any,
    /// Exactly this many, at least 1 (kiki's game: 1).
    Exactly(Nat),
}

impl Takes {
    /// The takes of a pile of `p` on machine words: `1..=p`, or `n..=n` when `p ≥ n`.
    fn range(&self, p: u64) -> std::ops::RangeInclusive<u64> {
        let (least, most) = match self {
            Takes::Any => (1, p),
            Takes::Exactly(n) => match n.to_u64() {
                Some(n) if n <= p => (n, n),
                // No amount: an empty range.
                _ => (1, 0),
            },
        };
        least..=most
    }

    /// How many amounts a move may take from a pile of `p`.
    fn count(&self, p: u64) -> u64 {
        match self {
            Takes::Any => p,
            Takes::Exactly(_) => u64::from(!self.range(p).is_empty()),
        }
    }

    /// The `k`-th amount (ascending) a move may take from a pile of `p`.
    fn nth(&self, p: u64, k: u64) -> Option<u64> {
        match self {
            Takes::Any => k.checked_add(1).filter(|&t| t <= p),
            Takes::Exactly(_) => (k == 0).then(|| self.range(p).next()).flatten(),
        }
    }

    /// The least amount a move takes.
    fn least(&self) -> Nat {
        match self {
            Takes::Any => Nat::ONE,
            Takes::Exactly(n) => n.clone(),
        }
    }
}

/// The rules of a game on two piles whose move takes from one pile or the same amount from
/// both. Only [`TwoPileGame::spec`], [`TwoPileGame::name`], [`TwoPileGame::json`],
/// [`TwoPileGame::takes`], [`TwoPileGame::grundy`] and [`TwoPileGame::table`] are required.
pub trait TwoPileGame: fmt::Debug + Send + Sync + 'static {
    /// The spec in the position grammar: `wythoff`, `kiki`.
    fn spec(&self) -> String;

    /// How people name the game.
    fn name(&self) -> Name;

    /// The rules as JSON: `{"kind":"wythoff"}`.
    fn json(&self) -> serde_json::Value;

    /// What a move takes, from one pile or from both.
    fn takes(&self) -> Takes;

    /// Why a take from both piles of a sum that are not the two piles of one component is no
    /// move. Default: [`IllegalMove::BothPilesOfOneComponent`].
    fn across_components(&self) -> IllegalMove {
        IllegalMove::BothPilesOfOneComponent
    }

    /// The normal-play Grundy value g(a, b).
    ///
    /// # Errors
    /// A table past [`Limits::table`] ([`SolveError::PairTableLimit`]).
    fn grundy(&self, a: &Nat, b: &Nat, limits: &Limits) -> Result<Nat, SolveError>;

    /// The values g(a, b) for a, b ≤ `n`, row by row ((n+1)² entries; the caller checks the
    /// table limit).
    fn table(&self, n: usize) -> Vec<Vec<u32>>;

    /// Calls `f` with every move of (a, b) (piles numbered 0 and 1) to a pair of Grundy value
    /// g(a, b) ⊕ `delta` (`delta` is not 0), until `f` breaks. Default: every move in the
    /// adapter's order, the value of the pair it leaves by [`TwoPileGame::grundy`]; a game whose
    /// moves are unbounded overrides it.
    ///
    /// # Errors
    /// As [`TwoPileGame::grundy`].
    fn moves_changing_value(
        &self,
        a: &Nat,
        b: &Nat,
        delta: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        let target = self.grundy(a, b, limits)?.xor(delta);
        let mut result: Result<(), SolveError> = Ok(());
        let flow = each_option(&self.takes(), a, b, &mut |mv, [a2, b2]| match self
            .grundy(&a2, &b2, limits)
        {
            Ok(g) if g == target => f(mv),
            Ok(_) => ControlFlow::Continue(()),
            Err(e) => {
                result = Err(e);
                ControlFlow::Break(())
            }
        });
        result.map(|_| flow)
    }

    /// A closed form of the pair played alone under normal play (Wythoff's pairs).
    fn alone_normal(&self, _a: &Nat, _b: &Nat) -> Option<AloneVerdict> {
        None
    }

    /// A closed form of the pair played alone under misère play.
    fn alone_misere(&self, _a: &Nat, _b: &Nat) -> Option<AloneVerdict> {
        None
    }

    /// The steps of g(a, b) as a summand, the pair's first pile at `offset`. Default: none.
    ///
    /// # Errors
    /// As [`TwoPileGame::grundy`].
    fn explain_value(
        &self,
        _a: &Nat,
        _b: &Nat,
        _offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(Vec::new())
    }

    /// The steps of the pair played alone. Default: [`TwoPileGame::explain_value`].
    ///
    /// # Errors
    /// As [`TwoPileGame::grundy`].
    fn explain_alone(
        &self,
        a: &Nat,
        b: &Nat,
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        self.explain_value(a, b, offset, limits)
    }

    /// An upper bound of the moves a game from (a, b) can last. Default: a + b when a move
    /// takes at least 1.
    fn longest_game(&self, a: &Nat, b: &Nat) -> Option<Nat> {
        Some(a.add(b))
    }
}

/// Calls `f` with every move of (a, b) under `takes` (piles numbered 0 and 1) and the pair it
/// leaves, until `f` breaks: from both piles (amounts ascending), from the first, from the
/// second.
fn each_option(
    takes: &Takes,
    a: &Nat,
    b: &Nat,
    f: &mut dyn FnMut(Move, [Nat; 2]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let piles = [a.clone(), b.clone()];
    match takes {
        Takes::Exactly(n) => {
            if let (Some(a2), Some(b2)) = (a.checked_sub(n), b.checked_sub(n)) {
                let mv = Move::Both {
                    pile: 0,
                    take: n.clone(),
                };
                f(mv, [a2, b2])?;
            }
            if let Some(a2) = a.checked_sub(n) {
                f(Move::pile(&piles, 0, a2.clone()), [a2, b.clone()])?;
            }
            if let Some(b2) = b.checked_sub(n) {
                f(Move::pile(&piles, 1, b2.clone()), [a.clone(), b2])?;
            }
        }
        Takes::Any => {
            let least = a.min(b);
            let mut t = Nat::ONE;
            while &t <= least {
                let mv = Move::Both {
                    pile: 0,
                    take: t.clone(),
                };
                f(mv, [a.saturating_sub(&t), b.saturating_sub(&t)])?;
                t = t.add(&Nat::ONE);
            }
            for (i, p) in piles.iter().enumerate() {
                let mut t = Nat::ONE;
                while &t <= p {
                    let to = p.saturating_sub(&t);
                    let mut after = piles.clone();
                    after[i] = to.clone();
                    f(Move::pile(&piles, i, to), after)?;
                    t = t.add(&Nat::ONE);
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// A [`TwoPileGame`] as the engine's [`Ruleset`]: a component is its two piles, one atom of the
/// search.
#[derive(Debug)]
pub struct TwoPiles<G> {
    game: G,
    takes: Takes,
}

impl<G: TwoPileGame> TwoPiles<G> {
    /// The game as rules.
    pub fn rules(game: G) -> Rules {
        let takes = game.takes();
        Rules::new(TwoPiles { game, takes })
    }
}

impl<G: TwoPileGame> Ruleset for TwoPiles<G> {
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
        Some(2)
    }

    fn both_piles(&self) -> BothPiles {
        match &self.takes {
            Takes::Any => BothPiles::SameAmount,
            Takes::Exactly(n) => BothPiles::Exactly(n.clone()),
        }
    }

    fn least_take(&self) -> Nat {
        self.takes.least()
    }

    fn allows_take(&self, take: &Nat) -> Result<(), IllegalMove> {
        match &self.takes {
            Takes::Any => Ok(()),
            Takes::Exactly(n) if take == n => Ok(()),
            Takes::Exactly(n) => Err(IllegalMove::NotExactly {
                amount: n.clone(),
                take: take.clone(),
            }),
        }
    }

    fn take_count(&self, p: &Nat) -> Nat {
        match &self.takes {
            Takes::Any => p.clone(),
            Takes::Exactly(n) => Nat::from(u64::from(p >= n)),
        }
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        match &self.takes {
            Takes::Any => (k < p).then(|| k.add(&Nat::ONE)),
            Takes::Exactly(n) => (k.is_zero() && p >= n).then(|| n.clone()),
        }
    }

    fn take_at(&self, p: u64, k: usize) -> Option<u64> {
        self.takes.nth(p, k as u64)
    }

    fn longest_game(&self, piles: &[Nat]) -> Option<Nat> {
        let [a, b] = piles else { return None };
        self.game.longest_game(a, b)
    }

    fn explain_alone(
        &self,
        piles: &[Nat],
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        let [a, b] = piles else {
            return Ok(Vec::new());
        };
        self.game.explain_alone(a, b, offset, limits)
    }

    fn explain_value(
        &self,
        piles: &[Nat],
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        let [a, b] = piles else {
            return Ok(Vec::new());
        };
        self.game.explain_value(a, b, offset, limits)
    }

    fn grundy(&self, piles: &[Nat], limits: &Limits) -> Result<Nat, SolveError> {
        let [a, b] = piles else {
            return Ok(Nat::ZERO);
        };
        self.game.grundy(a, b, limits)
    }

    /// No move keeps a Grundy value (its options' values are all others, by the mex), so
    /// `delta` 0 has none; otherwise the game's moves to g ⊕ `delta`.
    fn moves_changing_grundy(
        &self,
        piles: &[Nat],
        offset: usize,
        delta: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        let [a, b] = piles else {
            return Ok(ControlFlow::Continue(()));
        };
        if delta.is_zero() {
            return Ok(ControlFlow::Continue(()));
        }
        self.game
            .moves_changing_value(a, b, delta, limits, &mut |mv| f(mv.shifted(offset)))
    }

    fn pair_table(&self, n: usize) -> Option<Vec<Vec<u32>>> {
        Some(self.game.table(n))
    }

    fn alone_normal(&self, piles: &[Nat]) -> Option<AloneVerdict> {
        let [a, b] = piles else { return None };
        self.game.alone_normal(a, b)
    }

    fn alone_misere(&self, piles: &[Nat]) -> Option<AloneVerdict> {
        let [a, b] = piles else { return None };
        self.game.alone_misere(a, b)
    }

    fn check_move(&self, _piles: &[Nat], offset: usize, mv: &Move) -> Result<(), MoveError> {
        match mv {
            Move::Both { pile, .. } if *pile != offset => Err(self.game.across_components().into()),
            Move::Split { .. } => Err(IllegalMove::NoSplit.into()),
            Move::To { .. } => Err(IllegalMove::NotWhole.into()),
            Move::Pile { .. } | Move::Both { .. } => Ok(self.allows_take(&mv.take())?),
        }
    }

    /// The piles a move may take from, and the move from both when both allow one.
    fn random_choices(&self, piles: &[Nat]) -> usize {
        let least = self.takes.least();
        let movable = piles.iter().filter(|p| *p >= &least).count();
        movable + usize::from(movable == 2)
    }

    fn random_move(
        &self,
        piles: &[Nat],
        offset: usize,
        choice: usize,
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let least = self.takes.least();
        let draw = |most: &Nat, rng: &mut dyn RngCore| match &self.takes {
            Takes::Any => Some(uniform_below(rng, most)?.add(&Nat::ONE)),
            Takes::Exactly(n) => (most >= n).then(|| n.clone()),
        };
        let movable: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] >= least).collect();
        if let Some(&i) = movable.get(choice) {
            let p = &piles[i];
            let take = draw(p, rng)?;
            return Some(Move::Pile {
                pile: offset + i,
                from: p.clone(),
                to: p.saturating_sub(&take),
            });
        }
        if choice != movable.len() || movable.len() != 2 {
            return None;
        }
        let take = draw(piles.iter().min()?, rng)?;
        Some(Move::Both { pile: offset, take })
    }

    fn atom_len(&self) -> usize {
        2
    }

    fn canonical_atom(&self, atom: &mut [u64]) {
        if atom[0] > atom[1] {
            atom.swap(0, 1);
        }
    }

    fn atom_is_terminal(&self, atom: &[u64]) -> bool {
        self.takes.range(atom[0]).is_empty() && self.takes.range(atom[1]).is_empty()
    }

    fn atom_positions(&self, atom: &[u64]) -> Option<u64> {
        atom[0].checked_add(1)?.checked_mul(atom[1].checked_add(1)?)
    }

    fn atom_moves(&self, atom: &[u64]) -> u64 {
        match self.takes {
            Takes::Any => atom[0]
                .saturating_add(atom[1])
                .saturating_add(atom[0].min(atom[1])),
            Takes::Exactly(_) => 3,
        }
    }

    /// The moves from both piles, then those leaving the first pile smallest first, then the
    /// second's.
    fn atom_child(&self, atom: &[u64], k: usize, out: &mut Vec<u64>) -> bool {
        let (a, b) = (atom[0], atom[1]);
        let (nb, nf, ns) = (
            self.takes.count(a.min(b)),
            self.takes.count(a),
            self.takes.count(b),
        );
        let k = k as u64;
        let child = if k < nb {
            self.takes.nth(a.min(b), k).map(|t| [a - t, b - t])
        } else if k < nb + nf {
            self.takes.nth(a, nf - 1 - (k - nb)).map(|t| [a - t, b])
        } else if k < nb + nf + ns {
            self.takes
                .nth(b, ns - 1 - (k - nb - nf))
                .map(|t| [a, b - t])
        } else {
            None
        };
        match child {
            Some(c) => {
                out.extend_from_slice(&c);
                true
            }
            None => false,
        }
    }

    /// The moves from both piles first (amounts ascending), then from pile 1, then pile 2.
    fn each_move(&self, piles: &[u64], offset: usize, f: &mut dyn FnMut(Move, &[u64])) {
        let (a, b) = (piles[0], piles[1]);
        for t in self.takes.range(a.min(b)) {
            let mv = Move::Both {
                pile: offset,
                take: Nat::from(t),
            };
            f(mv, &[a - t, b - t]);
        }
        for (i, p) in [a, b].into_iter().enumerate() {
            for t in self.takes.range(p) {
                let mv = Move::Pile {
                    pile: offset + i,
                    from: Nat::from(p),
                    to: Nat::from(p - t),
                };
                let mut after = [a, b];
                after[i] = p - t;
                f(mv, &after);
            }
        }
    }
}
