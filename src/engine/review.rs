//! Reviewing a game given as its successive positions, as the worked example of Bouton's game
//! is written — (7,8,9) → (1,8,9) → (1,8,4) → (1,5,4) → … → (0,0,0) — and coaching a move as it
//! is played: the move that leads from one position to the next ([`Game::move_between`]), and
//! how it fared against perfect play ([`MoveVerdict`], [`Game::judge_move`]).
//!
//! The verdict follows from the outcomes alone: from an N-position, a move to a P-position
//! keeps the win ([`MoveVerdict::Wins`]) and a move to an N-position throws it away
//! ([`MoveVerdict::Blunder`], which names a winning move); from a P-position every move reaches
//! an N-position and none can win ([`MoveVerdict::Lost`]). This holds under normal and misère
//! play alike, for every family and every sum: it is the definition of P- and N-positions.

use thiserror::Error;

use crate::engine::game::{Game, Listing};
use crate::engine::replay::{Player, Turn, annotated_turn, winner};
use crate::engine::sum::{Component, Position};
use crate::error::{MoveError, PlayError, SolveError};
use crate::games::words::MoveWords;
use crate::moves::{Move, Outcome};
use crate::nat::Nat;
use crate::nat::join_heaps;
use crate::ruleset::BothPiles;

/// How a move fared against perfect play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveVerdict {
    /// From an N-position to a P-position: the win is kept.
    Wins,
    /// From an N-position to an N-position: the win is thrown away. `winning` is the move that
    /// would have kept it (the one [`Game::advise`] suggests).
    Blunder {
        /// A winning move of the position before.
        winning: Move,
    },
    /// From a P-position: no move wins against perfect play, so any move is this.
    Lost,
}

impl MoveVerdict {
    /// `"wins"`, `"blunder"` or `"lost"`.
    pub fn as_str(&self) -> &'static str {
        match self {
            MoveVerdict::Wins => "wins",
            MoveVerdict::Blunder { .. } => "blunder",
            MoveVerdict::Lost => "lost",
        }
    }
}

/// Why no single legal move leads from one position to the next. Piles and components are
/// numbered from 1, across the whole position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StepError {
    /// The two positions have different numbers of components.
    #[error(
        "the position has {} where the one before had {before}: a move is made in one component and keeps the others",
        components(*.after)
    )]
    Components {
        /// Components before.
        before: usize,
        /// Components after.
        after: usize,
    },
    /// A component is played under other rules than before.
    #[error("component {component} is {after} where it was {before}: a move keeps the rules")]
    Rules {
        /// 1-based component.
        component: usize,
        /// Its game's spec before.
        before: String,
        /// Its game's spec after.
        after: String,
    },
    /// Nothing changed.
    #[error("the position did not change: a move takes at least one object")]
    Unchanged,
    /// Two components changed.
    #[error("components {first} and {second} both changed: a move is made in one component only")]
    TwoComponents {
        /// 1-based first component that changed.
        first: usize,
        /// 1-based second.
        second: usize,
    },
    /// A pile grew.
    #[error("pile {pile} grew from {from} to {to}: a move never adds objects")]
    Grew {
        /// 1-based pile.
        pile: usize,
        /// Its size before.
        from: Nat,
        /// Its size after.
        to: Nat,
    },
    /// Piles changed in a way no one move does (two or more piles in a game whose moves
    /// change one), the number of piles kept.
    #[error("piles {} changed: {}", numbers(.piles), one_move(.both))]
    Piles {
        /// The piles that changed, 1-based, ascending.
        piles: Vec<usize>,
        /// What a move of the component's game may take from both piles
        /// ([`crate::Ruleset::both_piles`]).
        both: BothPiles,
    },
    /// Both piles of a component whose moves may take from both (Wythoff's game, kiki's game)
    /// became smaller, by different amounts.
    #[error(
        "piles {} and {} changed by different amounts, {} and {}: {}",
        .piles[0], .piles[1], .takes[0], .takes[1], from_both(.both)
    )]
    UnequalAmounts {
        /// The two piles, 1-based, ascending.
        piles: [usize; 2],
        /// How much each became smaller, in the order of `piles`.
        takes: [Nat; 2],
        /// What a move of the game takes from both piles.
        both: BothPiles,
    },
    /// The number of piles of a component changed, and no one move explains how.
    #[error("{}{} before, {after} after: {why}", in_component(*.component), piles(*.before))]
    Count {
        /// The 1-based component, when the position has several.
        component: Option<usize>,
        /// The component's piles before.
        before: usize,
        /// Its piles after.
        after: usize,
        /// Why no one move makes the change.
        why: CountWhy,
    },
    /// The move that leads there is one the rules forbid.
    #[error("{mv} would lead there, but {reason}")]
    Illegal {
        /// The move.
        mv: Move,
        /// What it does in its game, its piles numbered as a sum's heaps are counted
        /// ([`Position::move_words`]).
        words: Box<MoveWords>,
        /// Why the rules forbid it.
        reason: MoveError,
    },
}

impl StepError {
    /// This error with its 1-based piles of the whole position read as people count a sum's
    /// piles: their place among `heaps`, the position's heaps ([`Position::heaps`]).
    fn numbered(mut self, heaps: &[usize]) -> StepError {
        let number = |p: &mut usize| {
            if let Some(i) = heaps.iter().position(|&h| h + 1 == *p) {
                *p = i + 1;
            }
        };
        match &mut self {
            StepError::Grew { pile, .. } => number(pile),
            StepError::Piles { piles, .. } => piles.iter_mut().for_each(number),
            StepError::UnequalAmounts { piles, .. } => piles.iter_mut().for_each(number),
            StepError::Components { .. }
            | StepError::Rules { .. }
            | StepError::Unchanged
            | StepError::TwoComponents { .. }
            | StepError::Count { .. }
            | StepError::Illegal { .. } => {}
        }
        self
    }
}

/// Why a change in the number of piles is no one move. Heaps are compared as multisets (the
/// heaps that went and the heaps that came, empty heaps left out) where the family's
/// positions are multisets of heaps ([`crate::Ruleset::heaps_are_a_multiset`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CountWhy {
    /// The game's piles are not a multiset of heaps (Wythoff's game, the calendar game): a
    /// move changes piles in place.
    #[error("a move of this game changes piles in place and keeps their number")]
    Fixed,
    /// Heaps came and none went.
    #[error("new heaps of {} appeared, but a move never adds objects", and_list(.came))]
    Added {
        /// The heaps that came, ascending.
        came: Vec<Nat>,
    },
    /// Two or more heaps went or changed.
    #[error(
        "the piles of {} went or changed, and a move changes one pile (an emptied pile may be left out or written as 0)",
        and_list(.gone)
    )]
    Several {
        /// The heaps that went, ascending.
        gone: Vec<Nat>,
    },
    /// One heap became heaps that hold more than it did.
    #[error(
        "the heap of {from} became {}, which hold more, and a move never adds objects",
        join_heaps(.into)
    )]
    MoreObjects {
        /// The heap that went.
        from: Nat,
        /// The heaps in its place, ascending.
        into: Vec<Nat>,
    },
    /// One pile became several in a game whose moves never break a pile.
    #[error(
        "the pile of {from} became {}, but a move of this game never breaks a pile into several",
        join_heaps(.into)
    )]
    NoBreak {
        /// The pile that went.
        from: Nat,
        /// The piles in its place, ascending.
        into: Vec<Nat>,
    },
}

/// What one move changes, by the game's rule for both piles: `a move changes one pile`.
fn one_move(both: &BothPiles) -> String {
    match both {
        BothPiles::Never => "a move changes one pile".into(),
        BothPiles::SameAmount => "a move changes one pile, or both piles by the same amount".into(),
        BothPiles::Exactly(n) => format!("a move takes {n} from one pile, or {n} from both"),
    }
}

/// What a move from both piles takes, by the game's rule: `a move from both piles takes the
/// same amount from each`.
fn from_both(both: &BothPiles) -> String {
    match both {
        BothPiles::Never => "a move changes one pile".into(),
        BothPiles::SameAmount => "a move from both piles takes the same amount from each".into(),
        BothPiles::Exactly(n) => format!("a move from both piles takes {n} from each"),
    }
}

/// `in component 2: ` for a component of a sum, nothing for a whole position.
fn in_component(component: Option<usize>) -> String {
    component.map_or_else(String::new, |c| format!("in component {c}: "))
}

/// `1 component`, `3 components`.
fn components(n: usize) -> String {
    if n == 1 {
        "1 component".into()
    } else {
        format!("{n} components")
    }
}

/// `1 pile`, `3 piles`.
fn piles(n: usize) -> String {
    if n == 1 {
        "1 pile".into()
    } else {
        format!("{n} piles")
    }
}

/// Heaps in words: `4 and 5`, `1, 2 and 4`.
fn and_list(heaps: &[Nat]) -> String {
    let words: Vec<String> = heaps.iter().map(Nat::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// One step of a reviewed game: the move with the state and outcome of the position after it
/// (a [`Turn`], whose `after` is the position as given), and how the move fared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The move, who made it, and the position after it.
    pub turn: Turn,
    /// How it fared against perfect play.
    pub verdict: MoveVerdict,
}

/// Why a step of a review cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReviewError {
    /// No single legal move leads from one position to the next.
    #[error(transparent)]
    NoMove(#[from] StepError),
    /// A position cannot be analysed (a limit).
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// The player who makes move `turn` (1-based) of a game: the first player the odd moves.
pub fn mover(turn: u64) -> Player {
    if !turn.is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    }
}

/// The winner of a game that has reached `position` after `moves` moves, once no move is left
/// there (`None` while one is): under normal play the player who moved last, under misère play
/// the player to move.
pub fn winner_after(game: &Game, position: &Position, moves: u64) -> Option<Player> {
    winner(game, position, mover(moves + 1))
}

/// `2 and 3`, `1, 2 and 4`: 1-based numbers in words.
fn numbers(list: &[usize]) -> String {
    let words: Vec<String> = list.iter().map(|n| n.to_string()).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

impl Game {
    /// The one legal move that leads from `before` to `after`, found from the piles that
    /// changed and checked against the rules of its component: one pile smaller (a move of
    /// one pile), two neighbouring piles smaller by the same amount (Wythoff's move from both
    /// piles), or one heap replaced by several whose total is smaller or equal (a break of a
    /// take-and-break game; its heaps may be written in any order). Piles are matched in
    /// place first. Where the family's positions are multisets of heaps
    /// ([`crate::Ruleset::heaps_are_a_multiset`]: Nim, subtraction and take-and-break games)
    /// the components are then compared as multisets, empty heaps left out: the heaps may be
    /// written in another order, and a heap the move empties may be left out. Equal heaps are
    /// the same heap of the multiset: the move is named from the first pile that holds it.
    ///
    /// ```
    /// use nimsolve::{Game, Move, Nat, Play};
    /// let game = Game::nim(Play::Normal);
    /// let at = |v: &[u64]| game.position(v.iter().map(|&n| Nat::from(n)).collect()).unwrap();
    /// let mv = game.move_between(&at(&[7, 8, 9]), &at(&[1, 8, 9])).unwrap();
    /// assert_eq!(mv.to_string(), "take 6 from pile 1 (7 → 1)");
    /// assert!(game.move_between(&at(&[1, 8, 9]), &at(&[1, 4, 4])).is_err());
    /// // Pile 2 emptied, and left out.
    /// let mv = game.move_between(&at(&[3, 1]), &at(&[3])).unwrap();
    /// assert_eq!(mv.to_string(), "take 1 from pile 2 (1 → 0)");
    /// ```
    ///
    /// # Errors
    /// [`StepError`]: what differs between the positions that no one move changes, or why the
    /// rules forbid the move that would.
    pub fn move_between(&self, before: &Position, after: &Position) -> Result<Move, StepError> {
        self.move_between_piles(before, after)
            .map_err(|e| e.numbered(&before.heaps()))
    }

    /// [`Game::move_between`], its errors naming piles of the whole position.
    fn move_between_piles(&self, before: &Position, after: &Position) -> Result<Move, StepError> {
        let (b_count, a_count) = (before.parts().len(), after.parts().len());
        if b_count != a_count {
            return Err(StepError::Components {
                before: b_count,
                after: a_count,
            });
        }
        let mut changed = Vec::new();
        for (b, a) in before.components().zip(after.components()) {
            if b.rules != a.rules {
                return Err(StepError::Rules {
                    component: b.index + 1,
                    before: b.rules.spec(),
                    after: a.rules.spec(),
                });
            }
            let same = if b.rules.heaps_are_a_multiset() {
                heap_multiset(b.piles) == heap_multiset(a.piles)
            } else {
                b.piles == a.piles
            };
            if !same {
                changed.push((b, a));
            }
        }
        let (b, a) = match changed[..] {
            [] => return Err(StepError::Unchanged),
            [one] => one,
            [first, second, ..] => {
                return Err(StepError::TwoComponents {
                    first: first.0.index + 1,
                    second: second.0.index + 1,
                });
            }
        };
        let component = (b_count > 1).then_some(b.index + 1);
        let mut first_error = None;
        let mut try_move = |mv: Move| match self.apply_move(before, &mv) {
            Ok(_) => Some(mv),
            Err(reason) => {
                first_error.get_or_insert(StepError::Illegal {
                    words: Box::new(before.move_words(&mv)),
                    mv: mv.clone(),
                    reason,
                });
                None
            }
        };
        let in_place = candidate_moves(before.piles(), b, a, component);
        if let Ok(candidates) = &in_place {
            for mv in candidates {
                if let Some(mv) = try_move(mv.clone()) {
                    return Ok(mv);
                }
            }
        }
        let as_heaps = if b.rules.heaps_are_a_multiset() {
            match multiset_move(b, a, component) {
                Ok(mv) => match try_move(mv) {
                    Some(mv) => return Ok(mv),
                    None => None,
                },
                Err(e) => Some(e),
            }
        } else {
            None
        };
        if let Some(e) = first_error {
            return Err(e);
        }
        // With as many piles as before, the piles that changed in place say it best; with
        // another number, what went and came as heaps.
        match (in_place, as_heaps) {
            (Err(_), Some(heaps)) if b.piles.len() != a.piles.len() => Err(heaps),
            (Err(e), _) => Err(e),
            (Ok(_), Some(heaps)) => Err(heaps),
            (Ok(_), None) => Err(StepError::Piles {
                piles: changed_piles(b, a),
                both: b.rules.both_piles(),
            }),
        }
    }

    /// Step `turn` (1-based) of a game given as positions, from `before` to `after`: the move
    /// ([`Game::move_between`]), the state and outcome of `after`, and the verdict
    /// ([`Game::judge_step`]).
    ///
    /// # Errors
    /// [`ReviewError::NoMove`] when no single legal move leads there, [`ReviewError::Solve`]
    /// when a position cannot be analysed.
    pub fn review_step(
        &self,
        turn: u64,
        before: &Position,
        after: &Position,
    ) -> Result<Step, ReviewError> {
        let mv = self.move_between(before, after)?;
        let turn = annotated_turn(self, turn, mover(turn), mv, after);
        let outcome = match turn.outcome {
            Some(outcome) => outcome,
            None => self.analyze_listing(after, Listing::First)?.outcome,
        };
        let verdict = self.judge_step(before, outcome)?;
        Ok(Step { turn, verdict })
    }

    /// How `mv` fares in `position` against perfect play: [`MoveVerdict::Wins`] when it leaves
    /// a P-position from an N-position, [`MoveVerdict::Blunder`] (with the winning move
    /// [`Game::advise`] suggests) when it leaves an N-position from one,
    /// [`MoveVerdict::Lost`] from a P-position.
    ///
    /// ```
    /// use nimsolve::{Game, Move, Nat, Play, engine::review::MoveVerdict};
    /// let game = Game::nim(Play::Normal);
    /// let at = game.position([7u64, 8, 9].map(Nat::from).to_vec()).unwrap();
    /// let wins = Move::pile(at.piles(), 0, Nat::from(1u64));
    /// assert_eq!(game.judge_move(&at, &wins).unwrap(), MoveVerdict::Wins);
    /// let throws = Move::pile(at.piles(), 2, Nat::from(4u64));
    /// assert_eq!(
    ///     game.judge_move(&at, &throws).unwrap(),
    ///     MoveVerdict::Blunder { winning: wins }
    /// );
    /// ```
    ///
    /// # Errors
    /// [`PlayError::Illegal`] when the rules forbid the move, [`PlayError::Solve`] when either
    /// position cannot be analysed (a limit).
    pub fn judge_move(&self, position: &Position, mv: &Move) -> Result<MoveVerdict, PlayError> {
        let after = self.apply_move(position, mv)?;
        let outcome = self.analyze_listing(&after, Listing::First)?.outcome;
        Ok(self.judge_step(position, outcome)?)
    }

    /// [`Game::judge_move`] for a move from `before` whose position after has `after`, the
    /// outcome for the player then to move (as a [`crate::Turn`] carries it).
    ///
    /// # Errors
    /// [`SolveError`] when `before` cannot be analysed (a limit).
    pub fn judge_step(&self, before: &Position, after: Outcome) -> Result<MoveVerdict, SolveError> {
        let advice = self.advise_listing(before, Listing::First)?;
        Ok(match (advice.analysis.outcome, after) {
            (Outcome::P, _) => MoveVerdict::Lost,
            (Outcome::N, Outcome::P) => MoveVerdict::Wins,
            (Outcome::N, Outcome::N) => match advice.suggestion {
                Some(winning) => MoveVerdict::Blunder { winning },
                // An N-position always has a winning move; without one, nothing was thrown.
                None => MoveVerdict::Lost,
            },
        })
    }
}

/// The 1-based piles of the whole position that differ between two versions of a component
/// (when the number of piles differs, every pile from the first difference on).
fn changed_piles(b: Component<'_>, a: Component<'_>) -> Vec<usize> {
    let n = b.piles.len().max(a.piles.len());
    (0..n)
        .filter(|&i| b.piles.get(i) != a.piles.get(i))
        .map(|i| b.offset + i + 1)
        .collect()
}

/// The moves of component `b` (of the whole position `piles`) that could leave `a`, before the
/// rules are asked: a move of one pile, a move from two neighbouring piles, or a break of one
/// heap into the heaps that take its place.
fn candidate_moves(
    piles: &[Nat],
    b: Component<'_>,
    a: Component<'_>,
    component: Option<usize>,
) -> Result<Vec<Move>, StepError> {
    let (bp, ap) = (b.piles, a.piles);
    if b.rules.is_whole() {
        // A component played as one whole state: its move is the change itself, which the
        // rules judge.
        return Ok(vec![Move::To {
            pile: b.offset,
            before: bp.to_vec(),
            after: ap.to_vec(),
        }]);
    }
    let both = b.rules.both_piles();
    let piles_error = || StepError::Piles {
        piles: changed_piles(b, a),
        both: both.clone(),
    };
    if ap.len() < bp.len() || (ap.len() > bp.len() && !b.rules.splits_heaps()) {
        return Err(StepError::Count {
            component,
            before: bp.len(),
            after: ap.len(),
            why: CountWhy::Fixed,
        });
    }
    if ap.len() == bp.len() {
        let diffs: Vec<usize> = (0..bp.len()).filter(|&i| bp[i] != ap[i]).collect();
        if let Some(&i) = diffs.iter().find(|&&i| ap[i] > bp[i]) {
            return Err(StepError::Grew {
                pile: b.offset + i + 1,
                from: bp[i].clone(),
                to: ap[i].clone(),
            });
        }
        return match diffs[..] {
            [i] => Ok(vec![Move::pile(piles, b.offset + i, ap[i].clone())]),
            // Two neighbouring piles, in a game whose moves may take from both: the family's
            // own check decides a move of equal amounts (kiki's game takes 1).
            [i, j] if j == i + 1 && both != BothPiles::Never => {
                let (ti, tj) = (bp[i].saturating_sub(&ap[i]), bp[j].saturating_sub(&ap[j]));
                if ti == tj {
                    Ok(vec![Move::Both {
                        pile: b.offset + i,
                        take: ti,
                    }])
                } else {
                    Err(StepError::UnequalAmounts {
                        piles: [b.offset + i + 1, b.offset + j + 1],
                        takes: [ti, tj],
                        both,
                    })
                }
            }
            _ => Err(piles_error()),
        };
    }
    // A break: pile i of `b` is replaced by the heaps a[i .. i + grown + 1], the piles on
    // either side unchanged.
    let grown = ap.len() - bp.len();
    let mut moves = Vec::new();
    for i in 0..bp.len() {
        let end = i + grown + 1;
        if bp[..i] != ap[..i] || bp[i + 1..] != ap[end..] {
            continue;
        }
        let mut leaves = ap[i..end].to_vec();
        let total = leaves.iter().fold(Nat::ZERO, |s, h| s.add(h));
        let Some(take) = bp[i].checked_sub(&total) else {
            continue;
        };
        leaves.sort();
        moves.push(Move::Split {
            pile: b.offset + i,
            from: bp[i].clone(),
            take,
            leaves,
        });
    }
    if moves.is_empty() {
        return Err(piles_error());
    }
    Ok(moves)
}

/// A component's heaps as a multiset: the non-empty ones, ascending.
fn heap_multiset(piles: &[Nat]) -> Vec<Nat> {
    let mut heaps: Vec<Nat> = piles.iter().filter(|h| !h.is_zero()).cloned().collect();
    heaps.sort();
    heaps
}

/// The move of component `b` that leaves the heaps of `a` when both are read as multisets of
/// heaps, empty heaps left out: the one heap that went, and the heaps (none, one or several)
/// that came in its place. Named from the first pile of `b` that holds the heap.
fn multiset_move(
    b: Component<'_>,
    a: Component<'_>,
    component: Option<usize>,
) -> Result<Move, StepError> {
    let (bh, ah) = (heap_multiset(b.piles), heap_multiset(a.piles));
    // The multiset differences of two ascending lists.
    let (mut gone, mut came) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < bh.len() || j < ah.len() {
        match (bh.get(i), ah.get(j)) {
            (Some(x), Some(y)) if x == y => (i, j) = (i + 1, j + 1),
            (Some(x), Some(y)) if x < y => {
                gone.push(x.clone());
                i += 1;
            }
            (Some(x), None) => {
                gone.push(x.clone());
                i += 1;
            }
            (_, Some(y)) => {
                came.push(y.clone());
                j += 1;
            }
            (None, None) => unreachable!("the loop runs while one list has heaps"),
        }
    }
    let count = |why| StepError::Count {
        component,
        before: b.piles.len(),
        after: a.piles.len(),
        why,
    };
    let from = match &gone[..] {
        [] => return Err(count(CountWhy::Added { came })),
        [from] => from.clone(),
        _ => return Err(count(CountWhy::Several { gone })),
    };
    let total = came.iter().fold(Nat::ZERO, |s, h| s.add(h));
    let Some(take) = from.checked_sub(&total) else {
        return Err(count(CountWhy::MoreObjects { from, into: came }));
    };
    if came.len() >= 2 && !b.rules.splits_heaps() {
        return Err(count(CountWhy::NoBreak { from, into: came }));
    }
    let pile = b.offset
        + b.piles
            .iter()
            .position(|h| *h == from)
            .expect("the heap that went is one of the piles before");
    Ok(match came.len() {
        0 => Move::Pile {
            pile,
            from,
            to: Nat::ZERO,
        },
        1 => Move::Pile {
            pile,
            from,
            to: came.remove(0),
        },
        _ => Move::Split {
            pile,
            from,
            take,
            leaves: came,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sum::parse_sum;
    use crate::rules::Play;
    use crate::ruleset::Rules;

    fn at(text: &str) -> Position {
        parse_sum(text, &Rules::nim()).unwrap()
    }

    /// The worked example of Bouton's game, as the notes write it: 甲 plays every odd move,
    /// each to a P-position (奇異局勢); 乙 every even move, each from one.
    #[test]
    fn the_worked_example_from_7_8_9() {
        let game = Game::nim(Play::Normal);
        let lines = [
            "7 8 9", "1 8 9", "1 8 4", "1 5 4", "1 4 4", "0 4 4", "0 4 2", "0 2 2", "0 2 1",
            "0 1 1", "0 1 0", "0 0 0",
        ];
        let expected_moves = [
            "take 6 from pile 1 (7 → 1)",
            "take 5 from pile 3 (9 → 4)",
            "take 3 from pile 2 (8 → 5)",
            "take 1 from pile 2 (5 → 4)",
            "take 1 from pile 1 (1 → 0)",
            "take 2 from pile 3 (4 → 2)",
            "take 2 from pile 2 (4 → 2)",
            "take 1 from pile 3 (2 → 1)",
            "take 1 from pile 2 (2 → 1)",
            "take 1 from pile 3 (1 → 0)",
            "take 1 from pile 2 (1 → 0)",
        ];
        for (k, pair) in lines.windows(2).enumerate() {
            let (before, after) = (at(pair[0]), at(pair[1]));
            let mv = game.move_between(&before, &after).unwrap();
            assert_eq!(mv.to_string(), expected_moves[k]);
            let verdict = game.judge_move(&before, &mv).unwrap();
            let want = if k.is_multiple_of(2) {
                MoveVerdict::Wins
            } else {
                MoveVerdict::Lost
            };
            assert_eq!(verdict, want, "move {}", k + 1);
        }
    }

    #[test]
    fn a_blunder_names_the_winning_move() {
        let game = Game::nim(Play::Normal);
        let before = at("3 4 5");
        let mv = game.move_between(&before, &at("3 4 4")).unwrap();
        assert_eq!(
            game.judge_move(&before, &mv).unwrap(),
            MoveVerdict::Blunder {
                winning: Move::pile(before.piles(), 0, Nat::ONE)
            }
        );
    }

    #[test]
    fn steps_no_single_move_makes() {
        let game = Game::nim(Play::Normal);
        let err = |a: &str, b: &str| game.move_between(&at(a), &at(b)).unwrap_err();
        assert_eq!(err("1 2 3", "1 2 3"), StepError::Unchanged);
        assert_eq!(
            err("1 8 9", "1 4 4"),
            StepError::Piles {
                piles: vec![2, 3],
                both: BothPiles::Never
            }
        );
        assert_eq!(
            err("1 8 9", "1 4 4").to_string(),
            "piles 2 and 3 changed: a move changes one pile"
        );
        assert_eq!(
            err("1 2 3", "1 2 4"),
            StepError::Grew {
                pile: 3,
                from: Nat::from(3u64),
                to: Nat::from(4u64)
            }
        );
        // Two piles gone: a move empties one.
        assert_eq!(
            err("1 2 3", "1"),
            StepError::Count {
                component: None,
                before: 3,
                after: 1,
                why: CountWhy::Several {
                    gone: vec![Nat::from(2u64), Nat::from(3u64)]
                }
            }
        );
        assert_eq!(
            err("1 2 3", "1").to_string(),
            "3 piles before, 1 after: the piles of 2 and 3 went or changed, and a move changes one pile (an emptied pile may be left out or written as 0)"
        );
        // Nim never breaks a pile; the same heaps in another order are no move.
        assert!(matches!(
            err("4", "1 2"),
            StepError::Count {
                why: CountWhy::NoBreak { .. },
                ..
            }
        ));
        assert_eq!(err("3 4", "4 3"), StepError::Unchanged);
        // Wythoff's pairs are ordered, and the calendar game's piles are not heaps.
        assert_eq!(
            err("calendar 5 6", "calendar 5"),
            StepError::Count {
                component: None,
                before: 2,
                after: 1,
                why: CountWhy::Fixed
            }
        );
        assert!(matches!(
            err("wythoff 3 5", "wythoff 5 3"),
            StepError::Grew { .. }
        ));
        assert!(matches!(
            err("1 2 + wythoff 3 5", "1 2"),
            StepError::Components {
                before: 2,
                after: 1
            }
        ));
        assert!(matches!(
            err("1 2 + wythoff 3 5", "0 2 + wythoff 2 5"),
            StepError::TwoComponents {
                first: 1,
                second: 2
            }
        ));
        assert!(matches!(
            err("1 2 + wythoff 3 5", "1 2 + max-take:2 3 5"),
            StepError::Rules { component: 2, .. }
        ));
        // Nim's piles never both move.
        assert_eq!(
            err("3 5", "2 4"),
            StepError::Piles {
                piles: vec![1, 2],
                both: BothPiles::Never
            }
        );
        // Wythoff's game takes the same from both piles; kiki's game 1 from both.
        assert_eq!(
            err("wythoff 4 7", "wythoff 2 4"),
            StepError::UnequalAmounts {
                piles: [1, 2],
                takes: [Nat::from(2u64), Nat::from(3u64)],
                both: BothPiles::SameAmount
            }
        );
        assert_eq!(
            err("wythoff 4 7", "wythoff 2 4").to_string(),
            "piles 1 and 2 changed by different amounts, 2 and 3: a move from both piles takes the same amount from each"
        );
        assert_eq!(
            err("kiki 4 5", "kiki 3 3").to_string(),
            "piles 1 and 2 changed by different amounts, 1 and 2: a move from both piles takes 1 from each"
        );
        // In a sum, the piles are numbered across the whole position.
        assert_eq!(
            err("1 + wythoff 4 7", "1 + wythoff 2 4").to_string(),
            "piles 2 and 3 changed by different amounts, 2 and 3: a move from both piles takes the same amount from each"
        );
        // Equal amounts: the family's own check (kiki's game takes exactly 1).
        assert!(matches!(
            err("kiki 4 5", "kiki 2 3"),
            StepError::Illegal { .. }
        ));
        // The rules decide: at most 2 per take.
        let e = err("max-take:2 7", "max-take:2 3");
        assert!(
            e.to_string()
                .starts_with("take 4 from pile 1 (7 → 3) would lead there, but")
        );
    }

    #[test]
    fn moves_from_both_piles_and_breaks() {
        let game = Game::nim(Play::Normal);
        let mv = game
            .move_between(&at("2 + wythoff 4 7"), &at("2 + wythoff 1 4"))
            .unwrap();
        assert_eq!(
            mv,
            Move::Both {
                pile: 1,
                take: Nat::from(3u64)
            }
        );
        // Kayles: a row of 10 pins, knock down one, rows of 8 and 1 left (in either order).
        for after in ["kayles 8 1 + nim 3", "kayles 1 8 + nim 3"] {
            let mv = game
                .move_between(&at("kayles 10 + nim 3"), &at(after))
                .unwrap();
            assert_eq!(mv.to_string(), "take 1 from pile 1 (10 → 1 + 8)");
        }
        // The pile after the broken one is matched in place.
        let mv = game
            .move_between(&at("kayles 4 6"), &at("kayles 4 2 3"))
            .unwrap();
        assert_eq!(mv.to_string(), "take 1 from pile 2 (6 → 2 + 3)");
        assert!(
            game.move_between(&at("kayles 4 6"), &at("kayles 4 1 1"))
                .is_err()
        );
    }

    #[test]
    fn heap_games_compare_positions_as_multisets_of_heaps() {
        let game = Game::nim(Play::Normal);
        let between = |a: &str, b: &str| game.move_between(&at(a), &at(b)).map(|m| m.to_string());
        // Kayles: the middle pin of 5 leaves 2 + 2; the lone pin of 3 1, left out after.
        assert_eq!(
            between("kayles 5", "kayles 2 2").unwrap(),
            "take 1 from pile 1 (5 → 2 + 2)"
        );
        assert_eq!(
            between("kayles 3 1", "kayles 3").unwrap(),
            "take 1 from pile 2 (1 → 0)"
        );
        // Heaps written in another order, one of them broken.
        assert_eq!(
            between("kayles 6 4", "kayles 4 3 2").unwrap(),
            "take 1 from pile 1 (6 → 2 + 3)"
        );
        // Nim: pile 2 emptied and left out (emptying pile 1 would leave 1, not 3).
        assert_eq!(between("3 1", "3").unwrap(), "take 1 from pile 2 (1 → 0)");
        assert_eq!(
            between("3 4 5", "5 4 2").unwrap(),
            "take 1 from pile 1 (3 → 2)"
        );
        // In a sum, the component after it keeps its piles' numbers before the move.
        assert_eq!(
            between("3 1 + wythoff 1 2", "3 + wythoff 1 2").unwrap(),
            "take 1 from pile 2 (1 → 0)"
        );
        // The rules still decide: a subtraction set {2} cannot take the 1.
        let e = game
            .move_between(&at("subtract:2 3 1"), &at("subtract:2 3"))
            .unwrap_err();
        assert!(matches!(e, StepError::Illegal { .. }), "{e}");
        // More objects after, or heaps from nowhere.
        assert!(matches!(
            game.move_between(&at("kayles 3"), &at("kayles 2 2")),
            Err(StepError::Count {
                why: CountWhy::MoreObjects { .. },
                ..
            })
        ));
        assert!(matches!(
            game.move_between(&at("kayles 3"), &at("kayles 3 1")),
            Err(StepError::Count {
                why: CountWhy::Added { .. },
                ..
            })
        ));
    }
}
