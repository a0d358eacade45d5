//! A game: default rules, a play convention and limits, and everything asked of a position
//! under it — its outcome, Grundy values, every winning move, the move to play, legality of a
//! move. A position is a sum of components ([`Position`]), each under its own rules; piles
//! alone make a position of one component under the default rules ([`Game::position`]).
//!
//! Normal play of a sum follows the Sprague–Grundy theorem (1935/39): its Grundy value is the
//! xor of its components' values, and a move wins iff it leaves its component with the value
//! that makes the xor 0. Sums of Nim heaps follow Bouton (1901) under both conventions; misère
//! play of other sums follows [`crate::engine::misere`] where its theory reaches, and is searched
//! exhaustively within the search limit otherwise.

use std::collections::HashMap;
use std::ops::{ControlFlow, Range, RangeInclusive};
use std::sync::{Arc, Mutex, PoisonError};

use rand::{Rng, RngCore};

use crate::engine::misere::{self, Learning, MisereTheory};
use crate::engine::search::{self, Memo, Search};
use crate::engine::sum::{Part, Position, component_of, components};
use crate::error::{IllegalMove, MoveError, PositionError, RuleError, SolveError};
use crate::explain::{ComponentSteps, Explanation, SearchNeed};
use crate::games::facts::{Fact, FamilyTheorem, FamilyWhy};
use crate::grundy::Periodicity;
use crate::moves::{Move, Outcome, WordTake};
use crate::nat::Nat;
use crate::rules::{Limits, Play};
use crate::ruleset::{CountedSum, Rules, WordSum};

/// The theorem or method that decided a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theorem {
    /// Sprague–Grundy 1935/1939: N iff the xor of the Grundy values of the piles (of a sum, of
    /// its components) is not 0.
    SpragueGrundy,
    /// No closed form: exhaustive game-tree search with memoisation.
    ExhaustiveSearch,
    /// Misère play of heaps known tame (Conway) at every size, by a theorem rather than a check
    /// (Nim heaps, heaps of take at most K): the misère Nim rule on the Grundy values
    /// ([`crate::engine::misere`], with its proof).
    MisereKnownTame,
    /// Misère play of heaps proven tame (Conway) by the quotient check of
    /// [`crate::engine::quotient`]: the misère Nim rule on their Grundy values.
    MisereTame,
    /// Misère play by a misère quotient (Plambeck–Siegel 2008), proven by the quotient check:
    /// P iff the product of the heaps' classes is in the P-portion.
    MisereQuotient,
    /// A family's own closed form (Bouton's theorem for Nim, Wythoff's for Wythoff's game).
    Family(FamilyTheorem),
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
    /// What the family's closed form read off the position, when one decided it (Nim: the
    /// nim-sum and the notes' state label S0/S1/S2/T0/T2; Wythoff's game: the pair with the
    /// same difference, under normal play and misère play beyond (2, 2)).
    pub fact: Option<Fact>,
    /// The position's Grundy value (normal play; for Wythoff's game alone only when its table is
    /// small or the position is a P-position, 0).
    pub grundy: Option<Nat>,
    /// Each pile's Grundy value (normal play; not for Wythoff's game).
    pub pile_grundy: Option<Vec<Nat>>,
    /// Every winning move, in pile order (Wythoff: both piles first, then pile 1, then pile 2).
    /// Empty in a P-position; its length is the number of winning first moves (with
    /// [`Listing::First`], at most the first of them).
    pub winning_moves: Vec<Move>,
    /// Whether `winning_moves` is every winning move or the first: [`Listing::First`] when
    /// asked for, and when listing them all would take more than the search limit's steps
    /// (the moves of every heap, times its length in machine words) and more than a million
    /// (a listing is no search: a search limit of 0 still lists small positions).
    pub listing: Listing,
    /// For a sum of two or more components: each component's rules, piles and normal-play
    /// Grundy value. Empty for a position of one component.
    pub components: Vec<ComponentValue>,
    /// What decided the outcome.
    pub decided_by: Theorem,
    /// Under normal play, for a family whose heaps' Grundy sequence has a proven period (a
    /// finite subtraction set, an octal game): that period.
    pub periodicity: Option<Periodicity>,
    /// The remoteness (Smith): how many moves the game lasts when the winner hurries and the
    /// loser delays. `None` when the exhaustive search it needs would exceed the search limit.
    pub remoteness: Option<u64>,
    /// Under misère play decided by the misère Nim rule ([`Theorem::MisereKnownTame`],
    /// [`Theorem::MisereTame`]): each heap's Grundy value, in pile order (a component of a
    /// fixed number of piles, a Wythoff pair, counts as one heap).
    pub misere_values: Option<Vec<Nat>>,
    /// Under misère play decided by a misère quotient ([`Theorem::MisereQuotient`]): each
    /// heap's class and their product, as words in the quotient's generators (exponent
    /// vectors, see [`crate::engine::quotient::Presentation`]).
    pub misere_classes: Option<MisereClasses>,
}

/// The classes of a position's heaps in a misère quotient, as words in its generators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereClasses {
    /// Each heap's class, in pile order (a word: the exponent of each generator).
    pub heaps: Vec<Vec<u32>>,
    /// The product of the heaps' classes.
    pub product: Vec<u32>,
}

/// How many winning moves an analysis lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Listing {
    /// Every winning move: their number is the number of winning first moves.
    #[default]
    Every,
    /// The first winning move only (what playing needs): a heap game's moves are sought one by
    /// one and the search stops at the first, so a pile with millions of legal amounts costs
    /// no more than its first winning one.
    First,
}

/// The most table entries spent on the Grundy value of a component decided by its closed form
/// alone (a Wythoff pair decides the outcome; the value is reported beside it when cheap).
const ALONE_TABLE: u64 = 10_000;

/// One component of an analysed sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentValue {
    /// Its rules.
    pub rules: Rules,
    /// Its piles' place in the whole position (0-based).
    pub piles: Range<usize>,
    /// Its Grundy value under normal play (`None` under misère play).
    pub grundy: Option<Nat>,
}

/// The verdict on a position without the list of winning moves: what a one-line summary
/// needs. For Nim it is computed without allocating, for batches of millions of positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// N (player to move wins) or P.
    pub outcome: Outcome,
    /// What the family's closed form read off the position (see [`Analysis::fact`]).
    pub fact: Option<Fact>,
    /// The position's Grundy value (normal play; for Wythoff's game alone only when its table is
    /// small or the position is a P-position, 0).
    pub grundy: Option<Nat>,
    /// How many winning moves there are (with [`Listing::First`], at most the one found).
    pub winning_moves: usize,
    /// Whether every winning move was counted, or only the first found (too many to list).
    pub listing: Listing,
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
    /// Why this move: the rule that chose it.
    pub reason: Reason,
}

/// Why a move is the one to play: the rule that chose it, for words to explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A family's own rule chose the winning move (Bouton's: the nim-sum's high bit, misère
    /// Nim's S1 and T0).
    Family(FamilyWhy),
    /// A winning move found otherwise: the first of the list (Sprague–Grundy, Wythoff's pairs,
    /// the exhaustive search).
    Wins,
    /// No move wins: the one after which the loss takes longest (by remoteness).
    Delays,
    /// No move wins and the position is beyond the search limit: the fallback rule (the least
    /// amount from the largest pile).
    Fallback,
    /// No move wins, the position is beyond the search limit, and the fallback move is in a
    /// component played as one whole state: a legal move its game chose by its own rule,
    /// without listing its options.
    FallbackOption,
    /// No move is left.
    NoMove,
}

impl Reason {
    /// The reason for `suggestion` in the analysed position.
    fn of(a: &Analysis, suggestion: Option<&Move>) -> Reason {
        match (suggestion, a.outcome) {
            (None, _) => Reason::NoMove,
            (Some(_), Outcome::N) => match a.fact.as_ref().and_then(|f| f.why(a.play)) {
                Some(why) => Reason::Family(why),
                None => Reason::Wins,
            },
            (Some(_), Outcome::P) if a.remoteness.is_some() => Reason::Delays,
            (Some(Move::To { .. }), Outcome::P) => Reason::FallbackOption,
            (Some(_), Outcome::P) => Reason::Fallback,
        }
    }
}

impl Analysis {
    /// The 0-based number people read for pile `pile` (0-based, of the whole position): its
    /// place among the heaps of a sum, the piles of the components not played as one whole
    /// state ([`Position::heaps`]); `pile` itself for a position of one component, `None`
    /// for a number of a component played whole in a sum.
    pub fn heap_number(&self, pile: usize) -> Option<usize> {
        let mut before = 0;
        for c in &self.components {
            if c.piles.contains(&pile) {
                return (!c.rules.is_whole()).then(|| before + (pile - c.piles.start));
            }
            if !c.rules.is_whole() {
                before += c.piles.len();
            }
        }
        Some(pile)
    }

    /// The highest set bit of the deciding xor (the nim-sum, or the xor of the Grundy values),
    /// `None` when it is 0 or there is none: a winning move changes a value holding that bit.
    pub fn high_bit(&self) -> Option<u64> {
        let x = match self.fact.as_ref().and_then(Fact::deciding_value) {
            Some(x) => x,
            None => self.grundy.as_ref()?,
        };
        x.bits().checked_sub(1)
    }
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

/// A game: default rules, play convention and limits, with the rules of the specs read so far
/// (so equal specs share their tables) and the remoteness of positions searched so far (kept
/// between calls, bounded in size).
#[derive(Debug)]
pub struct Game {
    rules: Rules,
    /// The one-component view of piles under `rules`, however many (its end is unbounded).
    single: [Part; 1],
    /// What the batch hot path asks of `rules` for every position, asked once.
    piles_needed: Option<usize>,
    play: Play,
    limits: Limits,
    memo: Mutex<Memo>,
    specs: Mutex<HashMap<String, Rules>>,
    /// Misère theories proven so far, by the specs of their families: shared with every game
    /// made from this one by [`Game::with_rules`] (same limits), so a batch whose lines each
    /// name their game learns a quotient once.
    misere: Arc<Mutex<HashMap<String, Arc<MisereTheory>>>>,
    /// The wild quotients learned for nothing, by the same specs and how far the learner went:
    /// the heaps from which on each family found none (the learner adds heaps one by one, so no
    /// larger heaps find one either); shared like `misere`.
    refused: Arc<Mutex<Refusals>>,
    /// Where the tame theory failed, by the same specs: the largest heaps of each family (in
    /// the order of the specs) for which it was sought and not found; heaps as large or larger
    /// are not tame either, so it is not sought again for them (shared like `misere`).
    not_tame: Arc<Mutex<HashMap<String, Vec<Nat>>>>,
}

/// Wild quotients learned for nothing: by the families' specs and the learner's effort, the
/// heaps from which on each family found none.
type Refusals = HashMap<(String, Learning), Vec<Nat>>;

/// Listing the winning moves is never cut below this many steps, whatever the search limit.
const LISTING_FLOOR: u64 = 1_000_000;

/// The most specs a game remembers; more and it forgets them all.
const SPECS_KEEP: usize = 4096;

impl Game {
    /// Sets up a game whose components without rules of their own play under `rules`.
    ///
    /// ```
    /// use nimsolve::{Game, Limits, Nat, Play, Rules};
    /// let game = Game::new(Rules::nim(), Play::Misere, Limits::default());
    /// let piles: Vec<Nat> = [1u64, 1, 4].into_iter().map(Nat::from).collect();
    /// let advice = game.advise(&game.position(piles).unwrap()).unwrap();
    /// assert_eq!(advice.suggestion.unwrap().to_string(), "take 3 from pile 3 (4 → 1)");
    /// ```
    pub fn new(rules: Rules, play: Play, limits: Limits) -> Game {
        Game {
            single: [Part {
                rules: rules.clone(),
                end: usize::MAX,
            }],
            piles_needed: rules.component_piles(),
            rules,
            play,
            limits,
            memo: Mutex::default(),
            specs: Mutex::default(),
            misere: Arc::default(),
            refused: Arc::default(),
            not_tame: Arc::default(),
        }
    }

    /// The same play convention and limits with other default rules, sharing the misère
    /// theories proven so far (they depend on the families and the limits alone).
    pub fn with_rules(&self, rules: Rules) -> Game {
        Game {
            misere: Arc::clone(&self.misere),
            refused: Arc::clone(&self.refused),
            not_tame: Arc::clone(&self.not_tame),
            ..Game::new(rules, self.play, self.limits)
        }
    }

    /// Plain Nim under `play`.
    pub fn nim(play: Play) -> Game {
        Game::new(Rules::nim(), play, Limits::default())
    }

    /// How many misère theories (quotients, tame proofs) this game and every game made from it
    /// by [`Game::with_rules`] hold, proven once and reused for later positions.
    pub fn misere_theories_held(&self) -> usize {
        self.misere
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// The default rules.
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

    /// The rules of a spec ([`Rules::parse`]), shared with every earlier use of the same text.
    ///
    /// # Errors
    /// As [`Rules::parse`].
    pub fn resolve(&self, spec: &str) -> Result<Rules, RuleError> {
        let mut specs = self.specs.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(rules) = specs.get(spec) {
            return Ok(rules.clone());
        }
        let rules = Rules::parse(spec)?;
        if specs.len() >= SPECS_KEEP {
            specs.clear();
        }
        specs.insert(spec.to_string(), rules.clone());
        Ok(rules)
    }

    /// Reads a position in the grammar of sums ([`crate::engine::sum`]) from the line
    /// `bytes[..len]` (the bytes after it may be looked at, never parsed), components without a
    /// spec under the default rules.
    ///
    /// # Errors
    /// As [`crate::parse_sum`].
    pub fn parse_line(&self, bytes: &[u8], len: usize) -> Result<Position, PositionError> {
        crate::engine::sum::parse_line(bytes, len, &self.rules, &mut |spec| self.resolve(spec))
    }

    /// The position of one component of `piles` under the default rules.
    ///
    /// # Errors
    /// [`SolveError::ComponentPiles`] unless the piles fit the rules (Wythoff's game: two).
    pub fn position(&self, piles: Vec<Nat>) -> Result<Position, SolveError> {
        self.single(&piles)?;
        Ok(Position::from_parts(piles, self.single.to_vec()))
    }

    /// [`Game::position`] into `position`, reusing its memory: the piles are swapped in,
    /// leaving the position's old piles in `piles` (to be cleared and refilled), so a reader
    /// makes one position after another without allocating.
    ///
    /// # Errors
    /// As [`Game::position`]; `position` and `piles` are then left as they were.
    pub fn position_into(
        &self,
        piles: &mut Vec<Nat>,
        position: &mut Position,
    ) -> Result<(), SolveError> {
        self.single(piles)?;
        position.refill(&self.single[0], piles);
        Ok(())
    }

    /// The one-component view of `piles` under the default rules, as the slice methods
    /// take them.
    fn single(&self, piles: &[Nat]) -> Result<&[Part], SolveError> {
        if let Some(needs) = self.piles_needed
            && piles.len() != needs
        {
            return Err(SolveError::ComponentPiles {
                game: self.rules.spec(),
                needs,
                piles: piles.len(),
            });
        }
        Ok(&self.single)
    }

    /// The normal-play Grundy value of one pile under the default rules: the pile itself for
    /// Nim, n mod (K+1) with at most K per take, the subtraction set's periodic or tabulated
    /// value. `None` for a game whose Grundy value belongs to several piles (Wythoff's).
    ///
    /// # Errors
    /// [`SolveError::TableLimit`] for a table beyond the table limit,
    /// [`SolveError::NoPeriodWithin`] for a pile beyond a table whose period is unproven.
    pub fn pile_grundy(&self, pile: &Nat) -> Result<Option<Nat>, SolveError> {
        self.rules.heap_grundy(pile, &self.limits)
    }

    /// Analyses a position, each component under its own rules: outcome, Grundy values, every
    /// winning move.
    ///
    /// # Errors
    /// [`SolveError::TableLimit`] and [`SolveError::SearchLimit`] when a needed computation
    /// would exceed its limit (naming the component in a sum of several).
    ///
    /// ```
    /// use nimsolve::{Game, Outcome, Play, Rules, parse_sum};
    /// let game = Game::nim(Play::Normal);
    /// let sum = parse_sum("3 5 7 + wythoff 3 5", &Rules::nim()).unwrap();
    /// let a = game.analyze(&sum).unwrap();
    /// assert_eq!((a.outcome, a.grundy.unwrap().to_string()), (Outcome::N, "1".to_string()));
    /// assert_eq!(a.winning_moves.len(), 3);
    /// ```
    pub fn analyze(&self, position: &Position) -> Result<Analysis, SolveError> {
        let mut analysis = Analysis::empty(self.play);
        self.analyze_into(position, &mut analysis)?;
        Ok(analysis)
    }

    /// [`Game::analyze`] listing the winning moves as `listing` says.
    ///
    /// # Errors
    /// As [`Game::analyze`].
    pub(crate) fn analyze_listing(
        &self,
        position: &Position,
        listing: Listing,
    ) -> Result<Analysis, SolveError> {
        let mut analysis = Analysis::empty(self.play);
        analysis.listing = listing;
        self.analyze_parts(position.piles(), position.parts(), &mut analysis)?;
        Ok(analysis)
    }

    /// [`Game::analyze`] into `analysis`, every field of which is replaced, reusing its buffers:
    /// a batch analyses millions of Nim positions without allocating.
    ///
    /// # Errors
    /// As [`Game::analyze`]; on error, `analysis` holds no meaningful result.
    pub fn analyze_into(
        &self,
        position: &Position,
        analysis: &mut Analysis,
    ) -> Result<(), SolveError> {
        analysis.listing = Listing::Every;
        self.analyze_parts(position.piles(), position.parts(), analysis)
    }

    fn analyze_parts(
        &self,
        piles: &[Nat],
        parts: &[Part],
        analysis: &mut Analysis,
    ) -> Result<(), SolveError> {
        analysis.piles.clear();
        analysis.piles.extend_from_slice(piles);
        analysis.play = self.play;
        analysis.outcome = Outcome::P;
        analysis.fact = None;
        analysis.grundy = None;
        let mut pile_grundy = analysis.pile_grundy.take().unwrap_or_default();
        pile_grundy.clear();
        analysis.winning_moves.clear();
        analysis.components.clear();
        analysis.decided_by = Theorem::ExhaustiveSearch;
        analysis.periodicity = None;
        analysis.remoteness = None;
        analysis.misere_values = None;
        analysis.misere_classes = None;
        let single = parts.len() == 1;
        // A family whose closed form reads a whole sum of its components at once (Nim, by
        // Bouton's theorem) decides it without Grundy values or a search.
        let closed = match parts {
            [first, rest @ ..] if rest.iter().all(|p| p.rules == first.rules) => {
                first.rules.closed_sum(piles, self.play)
            }
            _ => None,
        };
        if let Some(closed) = closed {
            let rules = &parts[0].rules;
            analysis.outcome = closed.outcome;
            rules.closed_sum_moves(
                piles,
                &closed.fact,
                self.play,
                &mut analysis.winning_moves,
                &mut pile_grundy,
            );
            if closed.grundy.is_some() && pile_grundy.len() == piles.len() {
                analysis.pile_grundy = Some(pile_grundy);
            }
            analysis.grundy = closed.grundy;
            analysis.decided_by = Theorem::Family(closed.theorem);
            if !single {
                for c in components(piles, parts) {
                    let grundy = match self.play {
                        Play::Normal => Some(c.rules.grundy(c.piles, &self.limits)?),
                        Play::Misere => None,
                    };
                    analysis.components.push(c.value(grundy));
                }
            }
            analysis.fact = Some(closed.fact);
            analysis.remoteness = self.remoteness_within(piles, parts)?;
            return Ok(());
        }
        let alone = match (single, self.play) {
            (true, Play::Normal) => parts[0].rules.alone_normal(piles),
            (true, Play::Misere) => parts[0].rules.alone_misere(piles),
            _ => None,
        };
        if let Some(alone) = alone {
            // Misère play: a position without a move is won by the player to move.
            let stuck = self.play == Play::Misere && !parts[0].rules.has_move(piles);
            analysis.outcome = Outcome::from_to_move_wins(stuck || !alone.winning_moves.is_empty());
            analysis.winning_moves = alone.winning_moves;
            if alone.fact.as_ref().is_some_and(Fact::lists_first) {
                analysis.listing = Listing::First;
            }
            analysis.fact = alone.fact;
            if self.play == Play::Normal {
                // The Grundy value beside the closed form: 0 for a P-position, else the
                // family's own where its table is small (none beyond).
                let small = Limits {
                    table: self.limits.table.min(ALONE_TABLE),
                    ..self.limits
                };
                analysis.grundy = match analysis.outcome {
                    Outcome::P => Some(Nat::ZERO),
                    Outcome::N => parts[0].rules.grundy(piles, &small).ok(),
                };
            }
            analysis.decided_by = Theorem::Family(alone.theorem);
        } else if self.play == Play::Misere && self.misere_by_theory(piles, parts, analysis)? {
            if !single {
                for c in components(piles, parts) {
                    analysis.components.push(c.value(None));
                }
            }
        } else if self.play == Play::Misere {
            let what = if parts.iter().all(|p| p.rules.heaps_are_a_multiset()) {
                crate::error::Searched::UntamedMisere
            } else {
                crate::error::Searched::MisereWhole
            };
            search::check(piles, parts, self.limits.search, what)?;
            let (wins, remoteness, moves) = self.with_search(|s| s.solve(piles, parts))?;
            analysis.outcome = Outcome::from_to_move_wins(wins);
            analysis.winning_moves = moves;
            analysis.remoteness = Some(remoteness);
            if !single {
                for c in components(piles, parts) {
                    analysis.components.push(c.value(None));
                }
            }
        } else {
            let mut x = Nat::ZERO;
            let mut heaps = true;
            for c in components(piles, parts) {
                // A heap game's value is the xor of its heaps' values, each asked once; another
                // family's is the component's own.
                let start = pile_grundy.len();
                let mut heap_game = true;
                for p in c.piles {
                    let g = c.rules.heap_grundy(p, &self.limits);
                    match g.map_err(|e| if single { e } else { e.in_component(c.index) })? {
                        Some(g) => pile_grundy.push(g),
                        None => {
                            heap_game = false;
                            break;
                        }
                    }
                }
                let value = if heap_game {
                    // The xor of the heaps' values (Sprague–Grundy).
                    pile_grundy[start..].iter().fold(Nat::ZERO, |x, g| x.xor(g))
                } else {
                    pile_grundy.truncate(start);
                    heaps = false;
                    c.rules
                        .grundy(c.piles, &self.limits)
                        .map_err(|e| if single { e } else { e.in_component(c.index) })?
                };
                x.xor_assign(&value);
                if !single {
                    analysis.components.push(c.value(Some(value)));
                }
            }
            analysis.outcome = Outcome::from_to_move_wins(!x.is_zero());
            if !x.is_zero() {
                // Huge piles or sets have too many moves to list (a million-digit pile has
                // 3.3 million powers of two below it); the first is found without listing.
                // Beyond the search limit the first winning move is listed, and the listing
                // says so.
                let work = components(piles, parts)
                    .fold(0u64, |w, c| w.saturating_add(c.rules.listing_work(c.piles)));
                if work > self.limits.search.max(LISTING_FLOOR) {
                    analysis.listing = Listing::First;
                }
                let first = analysis.listing == Listing::First;
                let moves = &mut analysis.winning_moves;
                let mut keep = |mv| {
                    moves.push(mv);
                    if first {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                for c in components(piles, parts) {
                    let flow = c
                        .rules
                        .moves_changing_grundy(c.piles, c.offset, &x, &self.limits, &mut keep)
                        .map_err(|e| if single { e } else { e.in_component(c.index) })?;
                    if flow.is_break() {
                        break;
                    }
                }
            }
            analysis.grundy = Some(x);
            analysis.pile_grundy = heaps.then_some(pile_grundy);
            analysis.decided_by = Theorem::SpragueGrundy;
        }
        if analysis.remoteness.is_none() {
            analysis.remoteness = self.remoteness_within(piles, parts)?;
        }
        // Known after the piles' values were asked for (which may have proven it); a
        // normal-play period says nothing of misère play.
        if single && self.play == Play::Normal {
            analysis.periodicity = parts[0].rules.periodicity(&self.limits);
        }
        Ok(())
    }

    /// The steps that explain a position (see [`crate::explain`]): under normal play the
    /// family's steps for a position of one component, each component's steps of its Grundy
    /// value for a sum of several (none under misère play); and what the remoteness search
    /// would cost when it is beyond the limit.
    ///
    /// # Errors
    /// As [`Game::analyze`].
    ///
    /// ```
    /// use nimsolve::explain::Step;
    /// use nimsolve::{FamilyStep, Game, Nat, Play};
    /// let game = Game::nim(Play::Normal);
    /// let piles: Vec<Nat> = [2u64, 5, 6].into_iter().map(Nat::from).collect();
    /// let e = game.explain(&game.position(piles).unwrap()).unwrap();
    /// let Step::Family(FamilyStep::Nim(step)) = &e.components[0].steps[0] else { panic!() };
    /// // 2 ⊕ 5 = 7 > 6: the largest pile cannot become the others' nim-sum.
    /// assert_eq!((step.pile, step.others.to_string(), step.to.is_none()), (2, "7".into(), true));
    /// ```
    pub fn explain(&self, position: &Position) -> Result<Explanation, SolveError> {
        self.explain_parts(position.piles(), position.parts())
    }

    fn explain_parts(&self, piles: &[Nat], parts: &[Part]) -> Result<Explanation, SolveError> {
        let mut explanation = Explanation {
            components: Vec::new(),
            remoteness_missing: None,
        };
        if self.play == Play::Normal {
            let single = parts.len() == 1;
            // The steps name heaps as people count a sum's piles: across the components
            // that are not played whole ([`Position::heaps`]).
            let mut heaps_before = 0;
            for c in components(piles, parts) {
                let at = if c.rules.is_whole() {
                    c.offset
                } else {
                    heaps_before += c.piles.len();
                    heaps_before - c.piles.len()
                };
                let steps = if single {
                    c.rules.explain_alone(c.piles, at, &self.limits)?
                } else {
                    c.rules
                        .explain_value(c.piles, at, &self.limits)
                        .map_err(|e| e.in_component(c.index))?
                };
                if !steps.is_empty() {
                    explanation.components.push(ComponentSteps {
                        component: c.index,
                        piles: c.offset..c.offset + c.piles.len(),
                        steps,
                    });
                }
            }
        }
        if !self.remoteness_searchable(piles, parts) {
            explanation.remoteness_missing = Some(SearchNeed {
                needed: search::work_bound(piles, parts),
                limit: self.limits.search.min(self.limits.remoteness),
            });
        }
        Ok(explanation)
    }

    /// For the default rules: how the Grundy sequence of one heap is known, proving a period
    /// within the table limit where that is how it is known.
    pub fn sequence_proof(&self) -> crate::ruleset::SequenceProof {
        self.rules.sequence_proof(&self.limits)
    }

    /// For the default rules: the period of the heap sequence proven so far (by the values
    /// computed until now, with a cheap first table), with its preperiod and its proof; `None`
    /// when none is proven yet or the family has no such period (a closed form, Wythoff's pairs).
    pub fn proven_period(&self) -> Option<Periodicity> {
        self.rules.periodicity(&self.limits)
    }

    /// Decides a misère sum of heaps by theory ([`crate::engine::misere`]), filling the outcome,
    /// the winning moves and what decided; `false` (nothing filled) when no theory covers it.
    fn misere_by_theory(
        &self,
        piles: &[Nat],
        parts: &[Part],
        analysis: &mut Analysis,
    ) -> Result<bool, SolveError> {
        let mut atoms: Vec<misere::Atom<'_>> = Vec::new();
        for c in components(piles, parts) {
            let len = c.rules.atom_len();
            // A whole component (length 0) has no heaps for these theories.
            if len == 0 || len > 2 || c.piles.len() % len != 0 {
                return Ok(false);
            }
            for (i, chunk) in c.piles.chunks(len).enumerate() {
                atoms.push((c.rules, chunk, c.offset + i * len));
            }
        }
        if atoms.is_empty() {
            return Ok(false);
        }
        let known_tame = atoms.iter().all(|(r, _, _)| r.misere_known_tame());
        let mut splits = None;
        let theorem = if known_tame {
            Theorem::MisereKnownTame
        } else {
            match self.misere_theory(&atoms, piles, parts)? {
                Some(theory) => match theory.method {
                    misere::Method::KnownTame | misere::Method::Tame => {
                        if atoms.iter().any(|(r, _, _)| r.splits_heaps()) {
                            if atoms.iter().any(|(_, a, _)| a.len() > 1) {
                                return Ok(false);
                            }
                            splits = Some(theory);
                        }
                        Theorem::MisereTame
                    }
                    misere::Method::Quotient => {
                        return self.by_quotient(&theory, piles, parts, &atoms, analysis);
                    }
                },
                None => return Ok(false),
            }
        };
        let mut values = Vec::with_capacity(atoms.len());
        for (rules, atom, _) in &atoms {
            let value = match atom {
                [p] => rules.heap_grundy(p, &self.limits)?,
                _ => Some(rules.grundy(atom, &self.limits)?),
            };
            match value {
                Some(g) => values.push(g),
                None => return Ok(false),
            }
        }
        let p_position = misere::tame_is_p(&values);
        analysis.misere_values = Some(values.clone());
        analysis.outcome = Outcome::from_to_move_wins(!p_position);
        analysis.decided_by = theorem;
        if !p_position {
            let work = components(piles, parts)
                .fold(0u64, |w, c| w.saturating_add(c.rules.listing_work(c.piles)));
            if work > self.limits.search.max(LISTING_FLOOR) {
                analysis.listing = Listing::First;
            }
            let first = analysis.listing == Listing::First;
            // A split leaves several heaps, whose values the rule weighs together: such moves
            // are judged by the heaps' classes in the proven quotient.
            if let Some(theory) = splits.as_ref() {
                list_by_classes(theory, &atoms, analysis)?;
                return Ok(true);
            }
            let moves = &mut analysis.winning_moves;
            let _ = misere::tame_moves(&atoms, &values, &self.limits, &mut |mv| {
                moves.push(mv);
                if first {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
        }
        Ok(true)
    }

    /// Decides a misère sum of heaps of one family by its learned quotient: P iff the product
    /// of the heaps' classes is in the P-portion; the winning moves are those into it.
    fn by_quotient(
        &self,
        theory: &MisereTheory,
        piles: &[Nat],
        parts: &[Part],
        atoms: &[misere::Atom<'_>],
        analysis: &mut Analysis,
    ) -> Result<bool, SolveError> {
        let q = &theory.quotient.monoid;
        let words = &theory.presentation.words;
        let mut x = 0;
        let mut heaps = Vec::with_capacity(atoms.len());
        for (rules, atom, _) in atoms {
            let map = theory.maps.iter().find(|m| &m.rules == *rules);
            match map.and_then(|m| m.image_of(atom)) {
                Some(img) => {
                    x = q.mul(x, img);
                    heaps.push(words[img as usize].clone());
                }
                None => return Ok(false),
            }
        }
        analysis.misere_classes = Some(MisereClasses {
            heaps,
            product: words[x as usize].clone(),
        });
        let p_position = theory.quotient.is_p(x);
        analysis.outcome = Outcome::from_to_move_wins(!p_position);
        analysis.decided_by = Theorem::MisereQuotient;
        if !p_position {
            let work = components(piles, parts)
                .fold(0u64, |w, c| w.saturating_add(c.rules.listing_work(c.piles)));
            if work > self.limits.search.max(LISTING_FLOOR) {
                analysis.listing = Listing::First;
            }
            list_by_classes(theory, atoms, analysis)?;
        }
        Ok(true)
    }

    /// The proven misère theory of the families of `atoms` covering every heap, from the
    /// game's cache or proven now; `None` when none is found within the limits.
    fn misere_theory(
        &self,
        atoms: &[misere::Atom<'_>],
        piles: &[Nat],
        parts: &[Part],
    ) -> Result<Option<Arc<MisereTheory>>, SolveError> {
        let mut families: Vec<(Rules, Nat)> = Vec::new();
        for (rules, atom, _) in atoms {
            let top = atom.iter().max().expect("a heap has piles");
            match families.iter_mut().find(|(r, _)| r == *rules) {
                Some((_, need)) => {
                    if top > need {
                        *need = top.clone();
                    }
                }
                None => families.push(((*rules).clone(), top.clone())),
            }
        }
        families.sort_by_key(|(r, _)| r.spec());
        let key: Vec<String> = families.iter().map(|(r, _)| r.spec()).collect();
        let key = key.join(" + ");
        let covers = |t: &MisereTheory| {
            atoms.iter().all(|(r, atom, _)| {
                let f = families
                    .iter()
                    .position(|(fr, _)| fr == *r)
                    .expect("listed");
                t.maps[f].image_of(atom).is_some()
            })
        };
        // The tame theory wherever it holds, then the quotient of wild heaps: the same for a
        // position whatever was proven before it (a batch answers each line alike, however
        // its lines are split between threads).
        let tame_key = format!("tame {key}");
        let cached = |key: &str| {
            self.misere
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get(key)
                .cloned()
        };
        if let Some(t) = cached(&tame_key).filter(|t| covers(t)) {
            return Ok(Some(t));
        }
        let needs: Vec<Nat> = families.iter().map(|(_, need)| need.clone()).collect();
        let not_tame = self
            .not_tame
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .is_some_and(|failed| failed.iter().zip(&needs).all(|(f, n)| n >= f));
        if !not_tame {
            match MisereTheory::tame(&families, &self.limits)? {
                Ok(theory) => return Ok(self.keep_theory(tame_key, theory, covers)),
                Err(misere::NoTheory::Wild | misere::NoTheory::Limit) => {
                    self.not_tame
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .insert(key.clone(), needs);
                }
                Err(_) => return Ok(None),
            }
        }
        // Wild heaps: their learned quotient.
        if let Some(t) = cached(&key).filter(|t| covers(t)) {
            return Ok(Some(t));
        }
        let searchable = || search::within(piles, parts, self.limits.search);
        match self.learn_wild(&key, &families, searchable) {
            Some(theory) => Ok(self.keep_theory(key, theory, covers)),
            None => Ok(None),
        }
    }

    /// `theory`, kept under `key` for the positions after, when it `covers` the heaps asked.
    fn keep_theory(
        &self,
        key: String,
        theory: MisereTheory,
        covers: impl Fn(&MisereTheory) -> bool,
    ) -> Option<Arc<MisereTheory>> {
        let theory = Arc::new(theory);
        if !covers(&theory) {
            return None;
        }
        let mut cache = self.misere.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.len() >= SPECS_KEEP {
            cache.clear();
        }
        cache.insert(key, theory.clone());
        Some(theory)
    }

    /// The wild quotient of `families` (their specs `key`), learned quickly first; learned
    /// thoroughly (recalibration: seconds more) only when the exhaustive search cannot answer
    /// the position instead (`searchable`). `None` when neither learner finds one, remembered so
    /// that the next position of those families asks no learner again.
    fn learn_wild(
        &self,
        key: &str,
        families: &[(Rules, Nat)],
        searchable: impl FnOnce() -> bool,
    ) -> Option<MisereTheory> {
        let needs: Vec<Nat> = families.iter().map(|(_, need)| need.clone()).collect();
        let refused = |learning: Learning| {
            let known = self.refused.lock().unwrap_or_else(PoisonError::into_inner);
            known
                .get(&(key.to_string(), learning))
                .is_some_and(|from| from.iter().zip(&needs).all(|(f, n)| f <= n))
        };
        let mut searchable = Some(searchable);
        for learning in [Learning::Quick, Learning::Thorough] {
            if learning == Learning::Thorough && searchable.take().is_some_and(|s| s()) {
                return None;
            }
            if refused(learning) {
                continue;
            }
            match MisereTheory::wild_mixed(families, &self.limits, learning) {
                Ok(theory) => return Some(theory),
                Err(e) => {
                    // One family: from the heap its learner stopped at; several: from these.
                    let from = match (&e, families) {
                        (misere::NoTheory::Learner(stop), [_]) => vec![Nat::from(stop.heap())],
                        _ => needs.clone(),
                    };
                    let mut known = self.refused.lock().unwrap_or_else(PoisonError::into_inner);
                    if known.len() >= SPECS_KEEP {
                        known.clear();
                    }
                    known.insert((key.to_string(), learning), from);
                }
            }
        }
        None
    }

    /// Runs `f` on a search of this game that shares the game's memo.
    fn with_search<R>(&self, f: impl FnOnce(&mut Search<'_>) -> R) -> R {
        let mut memo = self.memo.lock().unwrap_or_else(PoisonError::into_inner);
        let mut search = Search::new(self.play, &mut memo);
        f(&mut search)
    }

    /// Whether a search for remoteness of the position stays within both limits.
    #[inline]
    fn remoteness_searchable(&self, piles: &[Nat], parts: &[Part]) -> bool {
        let limit = self.limits.search.min(self.limits.remoteness);
        limit > 0 && search::within(piles, parts, limit)
    }

    fn remoteness_within(&self, piles: &[Nat], parts: &[Part]) -> Result<Option<u64>, SolveError> {
        if !self.remoteness_searchable(piles, parts) {
            return Ok(None);
        }
        let small: Vec<u64> = piles.iter().map(|p| p.to_u64().unwrap_or(0)).collect();
        self.with_search(|s| s.remoteness(&small, parts)).map(Some)
    }

    /// The remoteness of a position (C. A. B. Smith): 0 when no move is left; otherwise, when a
    /// move wins, 1 + the least remoteness after a winning move (the winner hurries), else 1 +
    /// the largest remoteness after any move (the loser delays). Under normal play the player
    /// to move wins iff it is odd, under misère play iff it is even. Found by exhaustive
    /// search; `None` when that would take more than the search limit's steps (the positions up
    /// to reordering, each counted with the most moves from one of them plus a fixed cost).
    ///
    /// # Errors
    /// [`SolveError::SearchMemory`] when the search runs out of memory (a search limit raised
    /// past what the machine allows).
    ///
    /// ```
    /// use nimsolve::{Game, Nat, Play};
    /// let game = Game::nim(Play::Normal);
    /// // (2, 2): the loser delays, 2 2 → 1 2 → 1 1 → 0 1 → 0 0.
    /// let position = game.position(vec![Nat::from(2u64), Nat::from(2u64)]).unwrap();
    /// assert_eq!(game.remoteness(&position).unwrap(), Some(4));
    /// ```
    pub fn remoteness(&self, position: &Position) -> Result<Option<u64>, SolveError> {
        self.remoteness_within(position.piles(), position.parts())
    }

    /// Within the search limit: the remoteness and, in a lost position with a move left, the
    /// move that delays the loss longest. `None` beyond the limit.
    #[inline]
    fn searched(
        &self,
        piles: &[Nat],
        parts: &[Part],
    ) -> Result<Option<(u64, Option<Move>)>, SolveError> {
        if !self.remoteness_searchable(piles, parts) {
            return Ok(None);
        }
        self.with_search(|s| s.remoteness_and_delay(piles, parts))
            .map(Some)
    }

    /// The move of the player to move in a lost position: the one that delays the loss
    /// longest when the position is within the search limit, else the fallback move.
    fn losing_move(&self, piles: &[Nat], parts: &[Part]) -> Result<Option<Move>, SolveError> {
        Ok(match self.searched(piles, parts)? {
            Some((_, delaying)) => delaying,
            None => fallback(piles, parts),
        })
    }

    /// The move to play in a position: in an N-position a winning move (for Nim the notes'
    /// choice, the lowest-numbered pile holding the nim-sum's highest bit; otherwise the first
    /// winning move), in a P-position the move that delays the loss longest (within the search
    /// limit) or else the fallback move, `None` when no move is left.
    ///
    /// # Errors
    /// As [`Game::analyze`].
    pub fn advise(&self, position: &Position) -> Result<Advice, SolveError> {
        self.advise_with(position.piles(), position.parts(), Listing::Every)
    }

    /// The move to play, listing the winning moves as `listing` says: [`Listing::First`] is
    /// what a player needs, and answers piles whose winning moves are too many to list.
    ///
    /// # Errors
    /// As [`Game::analyze`].
    pub fn advise_listing(
        &self,
        position: &Position,
        listing: Listing,
    ) -> Result<Advice, SolveError> {
        self.advise_with(position.piles(), position.parts(), listing)
    }

    fn advise_with(
        &self,
        piles: &[Nat],
        parts: &[Part],
        listing: Listing,
    ) -> Result<Advice, SolveError> {
        let mut analysis = Analysis::empty(self.play);
        analysis.listing = listing;
        self.analyze_parts(piles, parts, &mut analysis)?;
        let suggestion = match analysis.outcome {
            Outcome::N => match analysis
                .fact
                .as_ref()
                .and_then(|f| f.chosen_move(piles, self.play))
            {
                Some(chosen) => chosen,
                None => analysis.winning_moves.first().cloned(),
            },
            Outcome::P => self.losing_move(piles, parts)?,
        };
        // Misère T0 with no pile left, or a P-position without moves: nothing to play.
        let suggestion = suggestion.or_else(|| fallback(piles, parts));
        Ok(Advice {
            reason: Reason::of(&analysis, suggestion.as_ref()),
            analysis,
            suggestion,
        })
    }

    /// The verdict on a position: outcome, state, deciding value, number of winning moves and
    /// the suggested move — what [`Game::advise`] gives, without the list of winning moves.
    ///
    /// # Errors
    /// As [`Game::analyze`].
    pub fn verdict(&self, position: &Position) -> Result<Verdict, SolveError> {
        let (piles, parts) = (position.piles(), position.parts());
        // A component of a family whose closed form reads it whole (Nim) is counted, not listed.
        if let [part] = parts
            && let Some(counted) = part.rules.closed_sum_counted(piles, self.play)
        {
            let CountedSum {
                closed,
                winning_moves,
                chosen,
            } = counted;
            // One search gives the remoteness and, in a lost position, the delaying move.
            let searched = self.searched(piles, parts)?;
            let remoteness = searched.as_ref().map(|(r, _)| *r);
            let suggestion = match (closed.outcome, searched) {
                (Outcome::N, _) => chosen,
                (Outcome::P, Some((_, delaying))) => delaying,
                (Outcome::P, None) => None,
            }
            .or_else(|| fallback(piles, parts));
            return Ok(Verdict {
                remoteness,
                outcome: closed.outcome,
                winning_moves,
                listing: Listing::Every,
                grundy: closed.grundy,
                decided_by: Theorem::Family(closed.theorem),
                fact: Some(closed.fact),
                suggestion,
            });
        }
        Ok(Verdict::from(self.advise(position)?))
    }

    /// [`Game::verdict`] and [`Game::analyze`] of piles alone under the game's default rules,
    /// every pile below 2^64, when their family decides a sum of them by a closed form in
    /// machine words ([`crate::Ruleset::closed_sum_words`], Nim): the verdict, with the first `at_most`
    /// winning moves appended to `moves`, allocating nothing (a batch's hot path). `None` when
    /// the family has no such form, the game needs a number of piles, or a remoteness would be
    /// searched (a game made with one); then the general calls answer.
    ///
    /// ```
    /// use nimsolve::{Game, Limits, Outcome, Play, Rules};
    /// let limits = Limits { remoteness: 0, ..Limits::default() };
    /// let game = Game::new(Rules::nim(), Play::Misere, limits);
    /// let mut moves = Vec::new();
    /// let sum = game.closed_sum_words(&[1, 1], 8, &mut moves).unwrap();
    /// assert_eq!((sum.closed.outcome, sum.winning_moves, moves.len()), (Outcome::N, 2, 2));
    /// ```
    pub fn closed_sum_words(
        &self,
        piles: &[u64],
        at_most: usize,
        moves: &mut Vec<WordTake>,
    ) -> Option<WordSum> {
        let searched = self.limits.search.min(self.limits.remoteness) > 0;
        if self.piles_needed.is_some() || searched {
            return None;
        }
        self.rules
            .closed_sum_words(piles, self.play, at_most, moves)
    }

    /// The fallback move of a lost position: each component's least legal take from its
    /// largest pile that allows a move, from the component with the largest such pile (the
    /// lowest-numbered among equals). `None` when no move is left.
    pub fn fallback_move(&self, position: &Position) -> Option<Move> {
        fallback(position.piles(), position.parts())
    }

    /// Whether any move is left in a position.
    pub fn has_move(&self, position: &Position) -> bool {
        position.components().any(|c| c.rules.has_move(c.piles))
    }

    /// An upper bound of the number of moves a game from `position` can last, whoever plays
    /// (the sum of its components' bounds), `None` when a component's family knows none.
    pub fn longest_game(&self, position: &Position) -> Option<Nat> {
        position.components().try_fold(Nat::ZERO, |s, c| {
            Some(s.add(&c.rules.longest_game(c.piles)?))
        })
    }

    /// Plays `mv` on a position, if the rules of the move's component allow it, giving the
    /// position after.
    ///
    /// # Errors
    /// [`MoveError::NoSuchPile`] or [`MoveError::Illegal`] with the reason: the amount is not
    /// allowed (above K, not in the subtraction set), taking from both piles outside Wythoff's
    /// game, more than a pile holds, nothing, or piles of two components at once.
    pub fn apply_move(&self, position: &Position, mv: &Move) -> Result<Position, MoveError> {
        check_move(position.piles(), position.parts(), mv)?;
        position.after(mv)
    }

    /// A uniformly random legal move of a position: the start of a move drawn uniformly among
    /// those of every component (a pile that allows a move; Wythoff's game: or both piles),
    /// then an amount among those it allows. `None` when no move is left.
    pub fn random_move(&self, position: &Position, rng: &mut impl Rng) -> Option<Move> {
        random_move(position.piles(), position.parts(), rng)
    }

    /// A random position for practice: a number of piles drawn from `spec.piles`, each holding
    /// 1 to `spec.max` objects. With `spec.outcome`, a position of that outcome, drawn as
    /// [`PositionDraw`] says: under normal play of a heap game with `spec.max` at most the table
    /// limit (and 2^22), uniformly among the positions of that outcome, from the heaps' Grundy
    /// values. Otherwise positions are drawn until one has it, at most 64 times; if none did, a
    /// drawn position is mended by one move that leaves no pile empty (a winning move turns an
    /// N-position into a P-position, any move a P-position into an N-position). `Ok(None)` when
    /// that fails too (say, no position of these sizes has a move), when `spec.piles` is empty
    /// or `spec.max` is 0. To draw many positions of one spec, [`Game::position_draw`] computes
    /// the heaps' values once.
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
    /// let position = game.random_position(&spec, &mut rng).unwrap().unwrap();
    /// assert!((3..=5).contains(&position.piles().len()));
    /// assert_eq!(game.analyze(&position).unwrap().outcome, Outcome::P);
    /// ```
    pub fn random_position(
        &self,
        spec: &PositionSpec,
        rng: &mut impl Rng,
    ) -> Result<Option<Position>, SolveError> {
        self.position_draw(spec)?.draw(rng)
    }

    /// Prepares to draw practice positions of `spec` ([`PositionDraw::draw`]): under normal play
    /// of a heap game (every heap drawn uniformly among the positions from 1 to `spec.max`, each with a Grundy value)
    /// with an outcome asked for and `spec.max` at most the table limit and 2^22, computes the
    /// Grundy value of every heap up to `spec.max` and groups the heaps by value.
    ///
    /// # Errors
    /// As [`Game::pile_grundy`] for a heap up to `spec.max`.
    pub fn position_draw(&self, spec: &PositionSpec) -> Result<PositionDraw<'_>, SolveError> {
        let by_values = spec.outcome.is_some()
            && self.play == Play::Normal
            && self.rules.component_piles().is_none()
            && self.rules.atom_len() == 1
            && !spec.piles.is_empty();
        let max = spec
            .max
            .to_u64()
            .filter(|&m| by_values && m >= 1 && m <= self.limits.table.min(MAX_DRAW_TABLE));
        let values = match max {
            Some(max) => HeapValues::of(self, max)?,
            None => None,
        };
        Ok(PositionDraw {
            game: self,
            spec: spec.clone(),
            values,
        })
    }

    /// [`Game::random_position`] by drawing and analysing whole positions (at most 64), then
    /// mending one.
    fn random_position_by_analysis(
        &self,
        spec: &PositionSpec,
        rng: &mut impl Rng,
    ) -> Result<Option<Position>, SolveError> {
        const TRIES: usize = 64;
        if spec.piles.is_empty() || spec.max.is_zero() {
            return Ok(None);
        }
        let mut mended = None;
        for _ in 0..TRIES {
            let n = rng.random_range(spec.piles.clone());
            // A game played as one whole state draws it whole (distinct cells of sliding
            // pieces); a heap game heap by heap.
            let drawn = match self.rules.random_state(n, &spec.max, rng) {
                Some(state) => Some(state),
                None => (0..n)
                    .map(|_| self.rules.random_heap(&spec.max, rng))
                    .collect::<Option<Vec<Nat>>>(),
            };
            let Some(piles) = drawn else {
                return Ok(None);
            };
            let position = self.position(piles)?;
            let Some(want) = spec.outcome else {
                return Ok(Some(position));
            };
            let analysis = self.analyze(&position)?;
            if analysis.outcome == want {
                return Ok(Some(position));
            }
            if mended.is_some() {
                continue;
            }
            // From an N-position a winning move reaches a P-position; from a P-position every
            // move reaches an N-position. Keep only moves that leave every pile non-empty.
            let candidates: Vec<Move> = match want {
                Outcome::P => analysis.winning_moves,
                Outcome::N => self.random_move(&position, rng).into_iter().collect(),
            };
            let keeps_piles: Vec<Position> = candidates
                .iter()
                .filter_map(|mv| self.apply_move(&position, mv).ok())
                .filter(|after| after.piles().iter().all(|p| !p.is_zero()))
                .collect();
            if !keeps_piles.is_empty() {
                let pick = rng.random_range(0..keeps_piles.len());
                mended = keeps_piles.into_iter().nth(pick);
            }
        }
        Ok(mended)
    }
}

/// The most heaps whose Grundy values [`Game::position_draw`] tabulates.
const MAX_DRAW_TABLE: u64 = 1 << 22;

/// Positions drawn by the heaps' values before [`PositionDraw::draw`] falls back to drawing
/// and mending whole positions (only when positions of the outcome are very rare or none).
const DRAW_TRIES: usize = 1 << 16;

/// Draws practice positions of one [`PositionSpec`] ([`Game::position_draw`]).
///
/// Under normal play of a heap game with the heaps' Grundy values at hand, a position of the
/// outcome asked for is drawn uniformly among the positions of that outcome (each number of
/// piles weighted by how many positions it has, as drawing whole positions until one has the
/// outcome would): an N-position by drawing every pile until the nim-sum is not 0; a
/// P-position by drawing all piles but the last, of nim-sum x, then a number r below the most
/// heaps of any one value, C: when r is below the count of heaps of value x, the last pile is
/// the r-th of them, else all is drawn again. Each P-position of k piles then comes with
/// probability max^−(k−1) / C, the same for all of them. After 65,536 draws without
/// one (positions of the outcome very rare, or none), and for other games, positions are drawn
/// and mended as [`Game::random_position`] says.
#[derive(Debug)]
pub struct PositionDraw<'g> {
    game: &'g Game,
    spec: PositionSpec,
    values: Option<HeapValues>,
}

/// [`HeapValues::value`] of a heap that is no position of the game.
const NO_HEAP: u32 = u32::MAX;

/// The Grundy values of the heaps 1 to max, and the heaps grouped by value.
#[derive(Debug)]
struct HeapValues {
    /// g(h) at index h − 1.
    value: Vec<u32>,
    /// The heaps, ascending by value and then by size.
    by_value: Vec<u32>,
    /// The heaps of value v are `by_value[start[v] .. start[v + 1]]`.
    start: Vec<u32>,
    /// The most heaps of one value.
    most: u32,
}

impl HeapValues {
    /// The values of the heaps 1 to `max` under `game`'s rules, those that are no position of
    /// the game ([`Ruleset::is_heap`]: digital deletions' heaps start with 1) left out of every
    /// value's heaps; `None` when a heap has no value of its own or one beyond 32 bits.
    fn of(game: &Game, max: u64) -> Result<Option<HeapValues>, SolveError> {
        let mut value = Vec::with_capacity(max as usize);
        for h in 1..=max {
            if !game.rules.is_heap(h) {
                value.push(NO_HEAP);
                continue;
            }
            let Some(g) = game.pile_grundy(&Nat::from(h))? else {
                return Ok(None);
            };
            let Some(g) = g
                .to_u64()
                .and_then(|g| u32::try_from(g).ok())
                .filter(|&g| g != NO_HEAP)
            else {
                return Ok(None);
            };
            value.push(g);
        }
        let heaps = || value.iter().copied().filter(|&v| v != NO_HEAP);
        let width = heaps().max().map_or(0, |v| v as usize + 1);
        let mut start = vec![0u32; width + 1];
        for v in heaps() {
            start[v as usize + 1] += 1;
        }
        let most = start.iter().copied().max().unwrap_or(0);
        for v in 0..width {
            start[v + 1] += start[v];
        }
        let mut next = start.clone();
        let mut by_value = vec![0u32; heaps().count()];
        for (i, &v) in value.iter().enumerate().filter(|&(_, &v)| v != NO_HEAP) {
            by_value[next[v as usize] as usize] = i as u32 + 1;
            next[v as usize] += 1;
        }
        Ok(Some(HeapValues {
            value,
            by_value,
            start,
            most,
        }))
    }

    /// The heaps of value `x`.
    fn of_value(&self, x: u32) -> &[u32] {
        let x = x as usize;
        match (self.start.get(x), self.start.get(x + 1)) {
            (Some(&a), Some(&b)) => &self.by_value[a as usize..b as usize],
            _ => &[],
        }
    }
}

impl PositionDraw<'_> {
    /// One position, as [`Game::random_position`] draws it.
    ///
    /// # Errors
    /// As [`Game::random_position`].
    pub fn draw(&self, rng: &mut impl Rng) -> Result<Option<Position>, SolveError> {
        let (Some(values), Some(want)) = (&self.values, self.spec.outcome) else {
            return self.game.random_position_by_analysis(&self.spec, rng);
        };
        let rules = &self.game.rules;
        for _ in 0..DRAW_TRIES {
            let n = rng.random_range(self.spec.piles.clone());
            if want == Outcome::P && n == 0 {
                // No pile: nothing to move, a P-position.
                return self.game.position(Vec::new()).map(Some);
            }
            let drawn = if want == Outcome::P { n - 1 } else { n };
            let mut piles = Vec::with_capacity(n);
            let mut x = 0u32;
            for _ in 0..drawn {
                let Some(h) = rules.random_heap(&self.spec.max, rng) else {
                    return Ok(None);
                };
                let i = h.to_u64().map_or(usize::MAX, |h| h as usize - 1);
                let Some(&g) = values.value.get(i).filter(|&&g| g != NO_HEAP) else {
                    return Ok(None);
                };
                x ^= g;
                piles.push(h);
            }
            match want {
                Outcome::N if x != 0 => return self.game.position(piles).map(Some),
                Outcome::N => {}
                Outcome::P => {
                    let r = rng.random_range(0..values.most) as usize;
                    if let Some(&last) = values.of_value(x).get(r) {
                        piles.push(Nat::from(u64::from(last)));
                        return self.game.position(piles).map(Some);
                    }
                }
            }
        }
        self.game.random_position_by_analysis(&self.spec, rng)
    }
}

/// Lists the winning moves of a misère sum by the heaps' classes in `theory`
/// ([`misere::quotient_moves`]), as `analysis.listing` asks; a heap that moves as its stand-in
/// lists only the first.
fn list_by_classes(
    theory: &MisereTheory,
    atoms: &[misere::Atom<'_>],
    analysis: &mut Analysis,
) -> Result<(), SolveError> {
    let first = analysis.listing == Listing::First;
    let moves = &mut analysis.winning_moves;
    let every = misere::quotient_moves(theory, atoms, &mut |mv| {
        moves.push(mv);
        if first {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    if !every {
        analysis.listing = Listing::First;
        analysis.winning_moves.truncate(1);
    }
    Ok(())
}

impl Analysis {
    /// An analysis with nothing in it yet.
    fn empty(play: Play) -> Analysis {
        Analysis {
            piles: Vec::new(),
            play,
            outcome: Outcome::P,
            fact: None,
            grundy: None,
            pile_grundy: None,
            winning_moves: Vec::new(),
            listing: Listing::Every,
            components: Vec::new(),
            decided_by: Theorem::ExhaustiveSearch,
            periodicity: None,
            remoteness: None,
            misere_values: None,
            misere_classes: None,
        }
    }
}

impl From<Advice> for Verdict {
    /// The verdict of an advice: its analysis without the list of winning moves.
    fn from(advice: Advice) -> Verdict {
        let a = advice.analysis;
        Verdict {
            outcome: a.outcome,
            fact: a.fact,
            grundy: a.grundy,
            winning_moves: a.winning_moves.len(),
            listing: a.listing,
            suggestion: advice.suggestion,
            decided_by: a.decided_by,
            remoteness: a.remoteness,
        }
    }
}

impl crate::engine::sum::Component<'_> {
    fn value(&self, grundy: Option<Nat>) -> ComponentValue {
        ComponentValue {
            rules: self.rules.clone(),
            piles: self.offset..self.offset + self.piles.len(),
            grundy,
        }
    }
}

/// The fallback move of a lost position: each component's (the least legal take from its
/// largest pile that allows a move), from the component with the largest such pile (the
/// lowest-numbered among equals).
fn fallback(piles: &[Nat], parts: &[Part]) -> Option<Move> {
    let mut best: Option<(Nat, Move)> = None;
    for c in components(piles, parts) {
        if let Some((size, mv)) = c.rules.fallback(c.piles, c.offset)
            && best.as_ref().is_none_or(|(b, _)| &size > b)
        {
            best = Some((size, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// Checks `mv` against the rules of its component.
fn check_move(piles: &[Nat], parts: &[Part], mv: &Move) -> Result<(), MoveError> {
    let first = mv.piles().start;
    let c = component_of(piles, parts, first).ok_or(MoveError::NoSuchPile {
        pile: first + 1,
        piles: piles.len(),
    })?;
    c.rules.check_move(c.piles, c.offset, mv)?;
    if mv.piles().end > c.offset + c.piles.len() {
        return Err(IllegalMove::AcrossComponents.into());
    }
    Ok(())
}

/// A uniformly random legal move (see [`Game::random_move`]).
fn random_move(piles: &[Nat], parts: &[Part], rng: &mut dyn RngCore) -> Option<Move> {
    let total: usize = components(piles, parts)
        .map(|c| c.rules.random_choices(c.piles))
        .sum();
    if total == 0 {
        return None;
    }
    let mut choice = rng.random_range(0..total);
    for c in components(piles, parts) {
        let here = c.rules.random_choices(c.piles);
        if choice < here {
            return c.rules.random_move(c.piles, c.offset, choice, rng);
        }
        choice -= here;
    }
    None
}
