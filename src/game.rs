//! A game: a move rule and a play convention, and everything asked of a position under it —
//! its outcome, Grundy values, every winning move, the move to play, legality of a move.

use std::ops::RangeInclusive;
use std::sync::{Mutex, PoisonError};

use num_bigint::BigRng09;
use rand::Rng;

use crate::error::{MoveError, RuleError, SolveError};
use crate::grundy::{Periodicity, SubtractionGrundy};
use crate::moves::{Move, Outcome};
use crate::nat::Nat;
use crate::nim::{self, NimState, NimSummary};
use crate::rules::{Limits, Play, Rules, SubtractionSet};
use crate::search::{self, Memo, Search};
use crate::wythoff::{self, WythoffPlace};

/// The theorem or method that decided a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theorem {
    /// Bouton 1901, normal play: N iff the nim-sum is not 0.
    Bouton,
    /// Bouton 1901, misère play: N iff S1, S2 or T0.
    BoutonMisere,
    /// Sprague–Grundy 1935/1939: N iff the xor of the piles' Grundy values is not 0.
    SpragueGrundy,
    /// Wythoff 1907: P iff the piles are a Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k).
    Wythoff,
    /// No closed form: exhaustive game-tree search with memoisation.
    ExhaustiveSearch,
}

impl Theorem {
    /// The rule in words, with its source.
    pub fn describe(self) -> &'static str {
        match self {
            Theorem::Bouton => {
                "Bouton's theorem (1901): the player to move wins iff the nim-sum is not 0"
            }
            Theorem::BoutonMisere => {
                "Bouton's theorem for misère play (1901): the player to move wins iff the state is S1, S2 or T0"
            }
            Theorem::SpragueGrundy => {
                "the Sprague–Grundy theorem (1935/1939): the player to move wins iff the xor of the piles' Grundy values is not 0"
            }
            Theorem::Wythoff => {
                "Wythoff's theorem (1907): the player to move loses iff the piles are a Wythoff pair (⌊kφ⌋, ⌊kφ⌋+k)"
            }
            Theorem::ExhaustiveSearch => {
                "exhaustive game-tree search (no closed form is used for misère play of this game)"
            }
        }
    }
}

/// Everything known about one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The piles, as given.
    pub piles: Vec<Nat>,
    /// The play convention.
    pub play: Play,
    /// N (player to move wins) or P.
    pub outcome: Outcome,
    /// For Nim: the nim-sum and the notes' state label S0/S1/S2/T0/T2.
    pub nim: Option<(NimSummary, NimState)>,
    /// The position's Grundy value (normal play; not for Wythoff's game).
    pub grundy: Option<Nat>,
    /// Each pile's Grundy value (normal play; not for Wythoff's game).
    pub pile_grundy: Option<Vec<Nat>>,
    /// Every winning move, in pile order (Wythoff: both piles first, then pile 1, then pile 2).
    /// Empty in a P-position; its length is the number of winning first moves.
    pub winning_moves: Vec<Move>,
    /// What decided the outcome.
    pub decided_by: Theorem,
    /// For a finite subtraction set: the proven period of the piles' Grundy sequence.
    pub periodicity: Option<Periodicity>,
    /// For Wythoff's game under normal play: the Wythoff pair with the same difference.
    pub wythoff: Option<WythoffPlace>,
    /// The remoteness (Smith): how many moves the game lasts when the winner hurries and the
    /// loser delays. `None` when the exhaustive search it needs would exceed the search limit.
    pub remoteness: Option<u64>,
}

/// The verdict on a position without the list of winning moves: what a one-line summary
/// needs. For Nim it is computed without allocating, for batches of millions of positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// N (player to move wins) or P.
    pub outcome: Outcome,
    /// For Nim: the nim-sum and the notes' state label.
    pub nim: Option<(NimSummary, NimState)>,
    /// The position's Grundy value (normal play; not for Wythoff's game).
    pub grundy: Option<Nat>,
    /// For Wythoff's game under normal play: the Wythoff pair with the same difference.
    pub wythoff: Option<WythoffPlace>,
    /// How many winning moves there are.
    pub winning_moves: usize,
    /// The move [`Game::advise`] suggests, `None` when no move is left.
    pub suggestion: Option<Move>,
    /// What decided the outcome.
    pub decided_by: Theorem,
    /// The remoteness, `None` beyond the search limit (see [`Analysis::remoteness`]).
    pub remoteness: Option<u64>,
}

/// The move to play in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advice {
    /// The analysis behind it.
    pub analysis: Analysis,
    /// The move: a winning move in an N-position. In a P-position, the move that delays the
    /// loss longest when the position is within the search limit (`analysis.remoteness` is
    /// known; ties to the lowest-numbered pile, then the smallest amount, moves from both piles
    /// last), else the fallback move (the least legal amount from the largest pile that allows
    /// a move, the lowest-numbered among equals). `None` when no move is left.
    pub suggestion: Option<Move>,
}

impl Advice {
    /// Whether the suggestion wins against any defence.
    pub fn is_winning(&self) -> bool {
        self.analysis.outcome == Outcome::N && self.suggestion.is_some()
    }

    /// Whether the suggestion is the move that delays a loss longest, chosen by remoteness
    /// (a P-position within the search limit), rather than by the fallback rule.
    pub fn is_delaying(&self) -> bool {
        self.analysis.outcome == Outcome::P
            && self.analysis.remoteness.is_some()
            && self.suggestion.is_some()
    }
}

/// What a random practice position may look like ([`Game::random_position`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionSpec {
    /// How many piles (both ends included).
    pub piles: RangeInclusive<usize>,
    /// The largest pile; each pile holds 1 to `max` objects, uniformly (`max` ≥ 1).
    pub max: Nat,
    /// The outcome wanted, or `None` for any.
    pub outcome: Option<Outcome>,
}

/// A game: rules, play convention and limits, with the Grundy tables the rules need and the
/// remoteness of positions searched so far (kept between calls, bounded in size).
#[derive(Debug)]
pub struct Game {
    rules: Rules,
    play: Play,
    limits: Limits,
    subtraction: Option<SubtractionGrundy>,
    memo: Mutex<Memo>,
}

impl Game {
    /// Sets up a game. For a finite subtraction set this starts the Grundy table and proves its
    /// period when that is cheap (see [`SubtractionGrundy::new`]).
    ///
    /// # Errors
    /// A rule under which no move is ever possible: [`RuleError::ZeroMaxTake`] for at most 0
    /// per take, [`RuleError::EmptySet`] and [`RuleError::ZeroInSet`] for a finite subtraction
    /// set without amounts or with 0 (sets parsed by [`SubtractionSet::parse`] never are).
    ///
    /// ```
    /// use nimsolve::{Game, Limits, Nat, Play, Rules};
    /// let game = Game::new(Rules::Nim, Play::Misere, Limits::default()).unwrap();
    /// let piles: Vec<Nat> = [1u64, 1, 4].into_iter().map(Nat::from).collect();
    /// let advice = game.advise(&piles).unwrap();
    /// assert_eq!(advice.suggestion.unwrap().to_string(), "take 3 from pile 3 (4 → 1)");
    /// assert!(Game::new(Rules::MaxTake(Nat::ZERO), Play::Normal, Limits::default()).is_err());
    /// ```
    pub fn new(rules: Rules, play: Play, limits: Limits) -> Result<Game, RuleError> {
        match &rules {
            Rules::MaxTake(k) if k.is_zero() => return Err(RuleError::ZeroMaxTake),
            Rules::Subtract(SubtractionSet::Finite(set)) if set.is_empty() => {
                return Err(RuleError::EmptySet);
            }
            Rules::Subtract(SubtractionSet::Finite(set)) if set.contains(&0) => {
                return Err(RuleError::ZeroInSet);
            }
            _ => {}
        }
        let subtraction = match &rules {
            Rules::Subtract(set) => Some(SubtractionGrundy::new(set, limits.table)),
            _ => None,
        };
        Ok(Game {
            rules,
            play,
            limits,
            subtraction,
            memo: Mutex::default(),
        })
    }

    /// Plain Nim under `play`.
    pub fn nim(play: Play) -> Game {
        Game {
            rules: Rules::Nim,
            play,
            limits: Limits::default(),
            subtraction: None,
            memo: Mutex::default(),
        }
    }

    /// The move rule.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The play convention.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    fn check_shape(&self, piles: &[Nat]) -> Result<(), SolveError> {
        if matches!(self.rules, Rules::Wythoff) && piles.len() != 2 {
            return Err(SolveError::WythoffPiles { piles: piles.len() });
        }
        Ok(())
    }

    /// The normal-play Grundy value of one pile: the pile itself for Nim, n mod (K+1) with at
    /// most K per take, the subtraction set's periodic or tabulated value otherwise. `None` for
    /// Wythoff's game, whose Grundy value belongs to the pair of piles.
    ///
    /// # Errors
    /// [`SolveError::TableLimit`] for the Fibonacci set beyond the table limit.
    pub fn pile_grundy(&self, pile: &Nat) -> Result<Option<Nat>, SolveError> {
        Ok(match (&self.rules, &self.subtraction) {
            (Rules::Nim, _) => Some(pile.clone()),
            (Rules::MaxTake(k), _) => Some(pile.rem(&k.add(&Nat::ONE))),
            (Rules::Subtract(_), Some(table)) => Some(Nat::from(table.value(pile)?)),
            _ => None,
        })
    }

    /// Analyses a position: outcome, Grundy values, every winning move.
    ///
    /// # Errors
    /// [`SolveError::WythoffPiles`] unless Wythoff's game has two piles;
    /// [`SolveError::TableLimit`] and [`SolveError::SearchLimit`] when a needed computation
    /// would exceed its limit.
    pub fn analyze(&self, piles: &[Nat]) -> Result<Analysis, SolveError> {
        let mut analysis = Analysis {
            piles: Vec::new(),
            play: self.play,
            outcome: Outcome::P,
            nim: None,
            grundy: None,
            pile_grundy: None,
            winning_moves: Vec::new(),
            decided_by: Theorem::ExhaustiveSearch,
            periodicity: None,
            wythoff: None,
            remoteness: None,
        };
        self.analyze_into(piles, &mut analysis)?;
        Ok(analysis)
    }

    /// [`Game::analyze`] into `analysis`, every field of which is replaced, reusing its buffers:
    /// a batch analyses millions of Nim positions without allocating.
    ///
    /// # Errors
    /// As [`Game::analyze`]; on error, `analysis` holds no meaningful result.
    pub fn analyze_into(&self, piles: &[Nat], analysis: &mut Analysis) -> Result<(), SolveError> {
        self.check_shape(piles)?;
        analysis.piles.clear();
        analysis.piles.extend_from_slice(piles);
        analysis.play = self.play;
        analysis.outcome = Outcome::P;
        analysis.nim = None;
        analysis.grundy = None;
        let mut pile_grundy = analysis.pile_grundy.take().unwrap_or_default();
        pile_grundy.clear();
        analysis.winning_moves.clear();
        analysis.decided_by = Theorem::ExhaustiveSearch;
        analysis.periodicity = self
            .subtraction
            .as_ref()
            .and_then(SubtractionGrundy::periodicity);
        analysis.wythoff = None;
        analysis.remoteness = None;
        if let Rules::Nim = self.rules {
            let summary = NimSummary::of(piles);
            let state = summary.state();
            analysis.outcome = state.outcome(self.play);
            nim::winning_moves_into(piles, &summary, self.play, &mut analysis.winning_moves);
            if self.play == Play::Normal {
                analysis.grundy = Some(summary.nim_sum.clone());
                pile_grundy.extend_from_slice(piles);
                analysis.pile_grundy = Some(pile_grundy);
                analysis.decided_by = Theorem::Bouton;
            } else {
                analysis.decided_by = Theorem::BoutonMisere;
            }
            analysis.nim = Some((summary, state));
            analysis.remoteness = self.remoteness_within(piles)?;
            return Ok(());
        }
        // The Wythoff pairs are the P-positions of normal play only.
        if let (Rules::Wythoff, Play::Normal) = (&self.rules, self.play) {
            analysis.wythoff = Some(wythoff::place(&piles[0], &piles[1]));
        }
        match self.play {
            Play::Misere => {
                search::check(
                    &self.rules,
                    piles,
                    self.limits.search,
                    "misère play of this game",
                )?;
                let (wins, remoteness, moves) = self.with_search(|s| s.solve(piles))?;
                analysis.outcome = Outcome::from_to_move_wins(wins);
                analysis.winning_moves = moves;
                analysis.remoteness = Some(remoteness);
            }
            Play::Normal if matches!(self.rules, Rules::Wythoff) => {
                analysis.winning_moves = wythoff::winning_moves(&piles[0], &piles[1]);
                analysis.outcome = Outcome::from_to_move_wins(!analysis.winning_moves.is_empty());
                analysis.decided_by = Theorem::Wythoff;
            }
            Play::Normal => {
                let values = piles
                    .iter()
                    .map(|p| Ok(self.pile_grundy(p)?.unwrap_or_default()))
                    .collect::<Result<Vec<Nat>, SolveError>>()?;
                let x = nim::nim_sum(&values);
                analysis.outcome = Outcome::from_to_move_wins(!x.is_zero());
                if !x.is_zero() {
                    // Huge piles or sets have too many moves to list (a million-digit pile has
                    // 3.3 million powers of two below it).
                    if let Rules::Subtract(set) = &self.rules {
                        let work = set.listing_work(piles);
                        if work > self.limits.search {
                            return Err(SolveError::ListingLimit {
                                needed: work.to_string(),
                                limit: self.limits.search,
                            });
                        }
                    }
                    for (i, p) in piles.iter().enumerate() {
                        let target = x.xor(&values[i]);
                        for to in self.options_with_grundy(p, &values[i], &target)? {
                            analysis.winning_moves.push(Move::pile(piles, i, to));
                        }
                    }
                }
                analysis.grundy = Some(x);
                analysis.pile_grundy = Some(values);
                analysis.decided_by = Theorem::SpragueGrundy;
            }
        }
        if analysis.remoteness.is_none() {
            analysis.remoteness = self.remoteness_within(piles)?;
        }
        // Known after the piles' values were asked for (which may have proven it).
        analysis.periodicity = self
            .subtraction
            .as_ref()
            .and_then(SubtractionGrundy::periodicity);
        Ok(())
    }

    /// For a finite subtraction set: the minimal preperiod and period of the pile Grundy
    /// sequence, computing as far as the table limit allows to prove them.
    pub fn subtraction_period(&self) -> Option<Periodicity> {
        self.subtraction
            .as_ref()
            .and_then(SubtractionGrundy::prove_period)
    }

    /// Runs `f` on a search of this game that shares the game's memo.
    fn with_search<R>(&self, f: impl FnOnce(&mut Search<'_>) -> R) -> R {
        let mut memo = self.memo.lock().unwrap_or_else(PoisonError::into_inner);
        let mut search = Search::new(&self.rules, self.play, &mut memo);
        f(&mut search)
    }

    /// Whether a search for remoteness of `piles` stays within both limits.
    #[inline]
    fn remoteness_searchable(&self, piles: &[Nat]) -> bool {
        let limit = self.limits.search.min(self.limits.remoteness);
        limit > 0 && search::within(&self.rules, piles, limit)
    }

    fn remoteness_within(&self, piles: &[Nat]) -> Result<Option<u64>, SolveError> {
        if !self.remoteness_searchable(piles) {
            return Ok(None);
        }
        self.with_search(|s| s.remoteness_of_piles(piles)).map(Some)
    }

    /// The remoteness of a position (C. A. B. Smith): 0 when no move is left; otherwise, when a
    /// move wins, 1 + the least remoteness after a winning move (the winner hurries), else 1 +
    /// the largest remoteness after any move (the loser delays). Under normal play the player
    /// to move wins iff it is odd, under misère play iff it is even. Found by exhaustive
    /// search; `None` when that would take more than the search limit's steps (∏(pile + 1)
    /// positions, each counted with the most moves from one of them plus a fixed cost).
    ///
    /// # Errors
    /// [`SolveError::WythoffPiles`] unless Wythoff's game has two piles;
    /// [`SolveError::SearchMemory`] when the search runs out of memory (a search limit raised
    /// past what the machine allows).
    ///
    /// ```
    /// use nimsolve::{Game, Nat, Play};
    /// let game = Game::nim(Play::Normal);
    /// // (2, 2): the loser delays, 2 2 → 1 2 → 1 1 → 0 1 → 0 0.
    /// let piles = [Nat::from(2u64), Nat::from(2u64)];
    /// assert_eq!(game.remoteness(&piles).unwrap(), Some(4));
    /// ```
    pub fn remoteness(&self, piles: &[Nat]) -> Result<Option<u64>, SolveError> {
        self.check_shape(piles)?;
        self.remoteness_within(piles)
    }

    /// Within the search limit: the remoteness and, in a lost position with a move left, the
    /// move that delays the loss longest. `None` beyond the limit.
    #[inline]
    fn searched(&self, piles: &[Nat]) -> Result<Option<(u64, Option<Move>)>, SolveError> {
        if !self.remoteness_searchable(piles) {
            return Ok(None);
        }
        self.with_search(|s| s.remoteness_and_delay(piles))
            .map(Some)
    }

    /// The move of the player to move in a lost position: the one that delays the loss
    /// longest when the position is within the search limit, else the fallback move.
    fn losing_move(&self, piles: &[Nat]) -> Result<Option<Move>, SolveError> {
        Ok(match self.searched(piles)? {
            Some((_, delaying)) => delaying,
            None => self.fallback_move(piles),
        })
    }

    /// The sizes a pile `p` of Grundy value `g` can be reduced to, in one legal move, that have
    /// Grundy value `target`, descending (largest take last). Not for Nim or Wythoff.
    fn options_with_grundy(&self, p: &Nat, g: &Nat, target: &Nat) -> Result<Vec<Nat>, SolveError> {
        match &self.rules {
            Rules::MaxTake(k) => {
                // g(q) = q mod (K+1); the K sizes p−K..p−1 cover every residue but g's.
                let modulus = k.add(&Nat::ONE);
                if target >= &modulus || target == g {
                    return Ok(Vec::new());
                }
                // take d ∈ 1..=K with (p − d) ≡ target, i.e. d ≡ g − target (mod K+1).
                let d = g
                    .add(&modulus)
                    .checked_sub(target)
                    .map(|v| v.rem(&modulus))
                    .unwrap_or_default();
                Ok(p.checked_sub(&d)
                    .filter(|_| !d.is_zero())
                    .into_iter()
                    .collect())
            }
            Rules::Subtract(set) => {
                let table = self.subtraction.as_ref();
                let mut out = Vec::new();
                for s in set.amounts_up_to(p) {
                    let q = p.saturating_sub(&s);
                    let gq = match table {
                        Some(t) => Nat::from(t.value(&q)?),
                        None => Nat::ZERO,
                    };
                    if &gq == target {
                        out.push(q);
                    }
                }
                Ok(out)
            }
            Rules::Nim | Rules::Wythoff => Ok(Vec::new()),
        }
    }

    /// The move to play: in an N-position a winning move (for Nim the notes' choice, the
    /// lowest-numbered pile holding the nim-sum's highest bit; otherwise the first winning
    /// move), in a P-position the move that delays the loss longest (within the search limit)
    /// or else the fallback move, `None` when no move is left.
    ///
    /// # Errors
    /// As [`Game::analyze`].
    pub fn advise(&self, piles: &[Nat]) -> Result<Advice, SolveError> {
        let analysis = self.analyze(piles)?;
        let suggestion = match (&self.rules, analysis.outcome) {
            (Rules::Nim, Outcome::N) => nim::chosen_move(piles, self.play),
            (_, Outcome::N) => analysis.winning_moves.first().cloned(),
            (_, Outcome::P) => self.losing_move(piles)?,
        };
        // Misère T0 with no pile left, or a P-position without moves: nothing to play.
        let suggestion = suggestion.or_else(|| self.fallback_move(piles));
        Ok(Advice {
            analysis,
            suggestion,
        })
    }

    /// The verdict on a position: outcome, state, deciding value, number of winning moves and
    /// the suggested move — what [`Game::advise`] gives, without the list of winning moves.
    ///
    /// # Errors
    /// As [`Game::analyze`].
    pub fn verdict(&self, piles: &[Nat]) -> Result<Verdict, SolveError> {
        if let Rules::Nim = self.rules {
            let summary = NimSummary::of(piles);
            let state = summary.state();
            let outcome = state.outcome(self.play);
            // One search gives the remoteness and, in a lost position, the delaying move.
            let searched = self.searched(piles)?;
            let (winning_moves, chosen) = nim::count_and_choose(piles, &summary, self.play);
            let remoteness = searched.as_ref().map(|(r, _)| *r);
            let suggestion = match (outcome, searched) {
                (Outcome::N, _) => chosen,
                (Outcome::P, Some((_, delaying))) => delaying,
                (Outcome::P, None) => None,
            }
            .or_else(|| nim::fallback_move(piles));
            return Ok(Verdict {
                remoteness,
                outcome,
                winning_moves,
                grundy: (self.play == Play::Normal).then(|| summary.nim_sum.clone()),
                decided_by: match self.play {
                    Play::Normal => Theorem::Bouton,
                    Play::Misere => Theorem::BoutonMisere,
                },
                nim: Some((summary, state)),
                wythoff: None,
                suggestion,
            });
        }
        let advice = self.advise(piles)?;
        let a = advice.analysis;
        Ok(Verdict {
            outcome: a.outcome,
            nim: a.nim,
            grundy: a.grundy,
            wythoff: a.wythoff,
            winning_moves: a.winning_moves.len(),
            suggestion: advice.suggestion,
            decided_by: a.decided_by,
            remoteness: a.remoteness,
        })
    }

    /// The least legal take from a pile of `p` under the rules, if any.
    fn smallest_take(&self, p: &Nat) -> Option<Nat> {
        let least = match &self.rules {
            Rules::Subtract(SubtractionSet::Finite(set)) => Nat::from(*set.first()?),
            _ => Nat::ONE,
        };
        (&least <= p).then_some(least)
    }

    /// The fallback move of a lost position: the least legal take from the largest pile that
    /// allows a move (the lowest-numbered among equals). `None` when no move is left.
    pub fn fallback_move(&self, piles: &[Nat]) -> Option<Move> {
        let mut best: Option<(usize, Nat)> = None;
        for (i, p) in piles.iter().enumerate() {
            if let Some(take) = self.smallest_take(p)
                && best.as_ref().is_none_or(|(j, _)| p > &piles[*j])
            {
                best = Some((i, take));
            }
        }
        let (i, take) = best?;
        Some(Move::pile(piles, i, piles[i].saturating_sub(&take)))
    }

    /// Whether any move is left.
    pub fn has_move(&self, piles: &[Nat]) -> bool {
        piles.iter().any(|p| self.smallest_take(p).is_some())
    }

    /// Plays `mv` on `piles` if the rules allow it, giving the position after.
    ///
    /// # Errors
    /// [`MoveError::NoSuchPile`] or [`MoveError::Illegal`] with the reason: the amount is not
    /// allowed (above K, not in the subtraction set), taking from both piles outside Wythoff's
    /// game, more than a pile holds, or nothing.
    pub fn apply_move(&self, piles: &[Nat], mv: &Move) -> Result<Vec<Nat>, MoveError> {
        if matches!(self.rules, Rules::Wythoff) && piles.len() != 2 {
            return Err(MoveError::Illegal {
                why: "Wythoff's game needs exactly two piles".into(),
            });
        }
        let take = mv.take();
        match (&self.rules, mv) {
            (Rules::Wythoff, _) | (Rules::Nim, Move::Pile { .. }) => {}
            (_, Move::Both { .. }) => {
                return Err(MoveError::Illegal {
                    why: "taking from both piles is a move of Wythoff's game only".into(),
                });
            }
            (Rules::MaxTake(k), Move::Pile { .. }) => {
                if &take > k {
                    return Err(MoveError::Illegal {
                        why: format!("a move takes at most {k}, not {take}"),
                    });
                }
            }
            (Rules::Subtract(set), Move::Pile { .. }) => {
                if !set.contains(&take) {
                    return Err(MoveError::Illegal {
                        why: format!("{take} is not in the subtraction set {set}"),
                    });
                }
            }
        }
        mv.apply(piles)
    }

    /// A uniformly random legal move: a pile among those that allow a move, then an amount
    /// among those it allows (Wythoff's game: one of the two piles or both, then an amount).
    /// `None` when no move is left.
    pub fn random_move(&self, piles: &[Nat], rng: &mut impl Rng) -> Option<Move> {
        let mut options: Vec<Option<usize>> = piles
            .iter()
            .enumerate()
            .filter(|(_, p)| self.smallest_take(p).is_some())
            .map(|(i, _)| Some(i))
            .collect();
        if matches!(self.rules, Rules::Wythoff) && piles.iter().all(|p| !p.is_zero()) {
            options.push(None); // both piles
        }
        if options.is_empty() {
            return None;
        }
        match options[rng.random_range(0..options.len())] {
            None => {
                let least = piles.iter().min().cloned().unwrap_or_default();
                Some(Move::Both {
                    take: uniform_take(rng, &least),
                })
            }
            Some(i) => {
                let p = &piles[i];
                let take = match &self.rules {
                    Rules::Nim | Rules::Wythoff => uniform_take(rng, p),
                    Rules::MaxTake(k) => uniform_take(rng, std::cmp::min(k, p)),
                    Rules::Subtract(set) => {
                        // Drawn by its index: the amounts up to a huge pile (3.3 million powers
                        // of two below a million-digit pile) do not fit in memory.
                        let count = usize::try_from(set.count_up_to(p)).unwrap_or(usize::MAX);
                        set.nth_amount(rng.random_range(0..count) as u64)
                            .filter(|t| t <= p)
                            .or_else(|| set.nth_amount(0))?
                    }
                };
                Some(Move::pile(piles, i, p.saturating_sub(&take)))
            }
        }
    }

    /// A random position for practice: a number of piles drawn from `spec.piles`, each holding
    /// 1 to `spec.max` objects. With `spec.outcome`, a position of that outcome: positions are
    /// drawn until one has it, at most 64 times; if none did, a drawn position is mended by one
    /// move that leaves no pile empty (a winning move turns an N-position into a P-position,
    /// any move a P-position into an N-position). `Ok(None)` when that fails too (say, no
    /// position of these sizes has a move), when `spec.piles` is empty or `spec.max` is 0.
    ///
    /// # Errors
    /// As [`Game::analyze`] (Wythoff's game needs two piles; misère play of games other than
    /// Nim needs an exhaustive search within the search limit).
    ///
    /// ```
    /// use nimsolve::{Game, Nat, Outcome, Play, PositionSpec};
    /// use rand::SeedableRng;
    /// let game = Game::nim(Play::Normal);
    /// let spec = PositionSpec { piles: 3..=5, max: Nat::from(9u64), outcome: Some(Outcome::P) };
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    /// let piles = game.random_position(&spec, &mut rng).unwrap().unwrap();
    /// assert!((3..=5).contains(&piles.len()));
    /// assert_eq!(game.analyze(&piles).unwrap().outcome, Outcome::P);
    /// ```
    pub fn random_position(
        &self,
        spec: &PositionSpec,
        rng: &mut impl Rng,
    ) -> Result<Option<Vec<Nat>>, SolveError> {
        const TRIES: usize = 64;
        if spec.piles.is_empty() || spec.max.is_zero() {
            return Ok(None);
        }
        let mut mended = None;
        for _ in 0..TRIES {
            let n = rng.random_range(spec.piles.clone());
            let piles: Vec<Nat> = (0..n).map(|_| uniform_take(rng, &spec.max)).collect();
            let Some(want) = spec.outcome else {
                return Ok(Some(piles));
            };
            let analysis = self.analyze(&piles)?;
            if analysis.outcome == want {
                return Ok(Some(piles));
            }
            if mended.is_some() {
                continue;
            }
            // From an N-position a winning move reaches a P-position; from a P-position every
            // move reaches an N-position. Keep only moves that leave every pile non-empty.
            let candidates: Vec<Move> = match want {
                Outcome::P => analysis.winning_moves,
                Outcome::N => self.random_move(&piles, rng).into_iter().collect(),
            };
            let keeps_piles: Vec<Vec<Nat>> = candidates
                .iter()
                .filter_map(|mv| self.apply_move(&piles, mv).ok())
                .filter(|after| after.iter().all(|p| !p.is_zero()))
                .collect();
            if !keeps_piles.is_empty() {
                let pick = rng.random_range(0..keeps_piles.len());
                mended = keeps_piles.into_iter().nth(pick);
            }
        }
        Ok(mended)
    }
}

/// A uniform amount in 1..=upto (`upto` ≥ 1), exact at any size.
fn uniform_take(rng: &mut impl Rng, upto: &Nat) -> Nat {
    match upto.to_u64() {
        Some(v) => Nat::from(rng.random_range(1..=v)),
        None => Nat::from_biguint(rng.random_biguint_below(&upto.to_biguint())).add(&Nat::ONE),
    }
}
