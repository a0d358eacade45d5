//! Moves and outcomes, shared by every rule family.

use std::fmt;

use serde::Serialize;

use crate::error::{IllegalMove, MoveError};
use crate::nat::{Nat, join_heaps};

/// One move. Piles are numbered from 0 here; people and the JSON output number them from 1.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    /// Take `from − to` objects from pile `pile` (0-based), leaving `to`.
    Pile {
        /// 0-based pile index.
        pile: usize,
        /// The pile's size before the move.
        from: Nat,
        /// The pile's size after the move (`to < from`).
        to: Nat,
    },
    /// Wythoff's game only: take `take` objects from each of the two piles `pile` and
    /// `pile + 1` (0-based; 0 when Wythoff's game is the whole position).
    Both {
        /// 0-based index of the first of the two piles.
        pile: usize,
        /// The amount taken from each pile (positive).
        take: Nat,
    },
    /// A take-and-break move: take `take` objects (possibly none) from pile `pile` (0-based)
    /// and split what is left into the heaps `leaves`, which take its place in the position.
    Split {
        /// 0-based pile index.
        pile: usize,
        /// The pile's size before the move.
        from: Nat,
        /// The amount taken (0 for a move that only splits).
        take: Nat,
        /// The heaps left, at least two, none empty, ascending; they add up to `from − take`.
        leaves: Vec<Nat>,
    },
    /// A move of a component played as one whole state (a staircase, pieces on a strip, a
    /// graph, a row of coins: [`crate::component::ComponentGame`]): the component's numbers,
    /// which start at pile `pile` (0-based) of the whole position, go from `before` to `after`.
    /// `after` may hold fewer or more numbers than `before` (edges that fall, heads turned).
    To {
        /// 0-based index of the component's first number in the whole position.
        pile: usize,
        /// The component's numbers before the move.
        before: Vec<Nat>,
        /// The component's numbers after the move.
        after: Vec<Nat>,
    },
}

impl Move {
    /// The 0-based piles the move changes: one, Wythoff's two, or a whole component's numbers
    /// (at least its first, so that the range names the component even when it held none).
    pub fn piles(&self) -> std::ops::Range<usize> {
        match self {
            Move::Pile { pile, .. } | Move::Split { pile, .. } => *pile..*pile + 1,
            Move::Both { pile, .. } => *pile..*pile + 2,
            Move::To { pile, before, .. } => *pile..*pile + before.len().max(1),
        }
    }

    /// How many more piles the whole position has after the move than before (negative when
    /// a component's numbers shrink: a Hackenbush edge that takes others down with it).
    pub fn growth(&self) -> isize {
        match self {
            Move::Pile { .. } | Move::Both { .. } => 0,
            Move::Split { leaves, .. } => leaves.len() as isize - 1,
            Move::To { before, after, .. } => after.len() as isize - before.len() as isize,
        }
    }

    /// A move leaving `to` in pile `pile` (0-based) of `piles`.
    pub fn pile(piles: &[Nat], pile: usize, to: Nat) -> Move {
        Move::Pile {
            pile,
            from: piles[pile].clone(),
            to,
        }
    }

    /// A move of a lone heap `from` (pile 0) leaving `to`.
    pub(crate) fn pile_to(from: &Nat, to: Nat) -> Move {
        Move::Pile {
            pile: 0,
            from: from.clone(),
            to,
        }
    }

    /// The same move with its piles `offset` later: a component's move in the place of that
    /// component in a sum.
    pub fn shifted(mut self, offset: usize) -> Move {
        match &mut self {
            Move::Pile { pile, .. }
            | Move::Both { pile, .. }
            | Move::Split { pile, .. }
            | Move::To { pile, .. } => *pile += offset,
        }
        self
    }

    /// The same move with its piles `offset` earlier: a sum's move in its component's own
    /// numbering (`None` if the move's pile is before `offset`).
    pub fn unshifted(mut self, offset: usize) -> Option<Move> {
        match &mut self {
            Move::Pile { pile, .. }
            | Move::Both { pile, .. }
            | Move::Split { pile, .. }
            | Move::To { pile, .. } => *pile = pile.checked_sub(offset)?,
        }
        Some(self)
    }

    /// The piles before the move, from `after`, the piles after it (a split's heaps put back
    /// into their pile): the inverse of [`Move::apply`] for a move that fits `after`.
    pub fn undo(&self, after: &[Nat]) -> Option<Vec<Nat>> {
        let mut before = after.to_vec();
        match self {
            Move::Pile { pile, from, .. } => *before.get_mut(*pile)? = from.clone(),
            Move::Both { pile, take } => {
                for slot in before.get_mut(*pile..pile.checked_add(2)?)? {
                    *slot = slot.add(take);
                }
            }
            Move::Split {
                pile, from, leaves, ..
            } => {
                let end = pile.checked_add(leaves.len())?;
                before.get(*pile..end)?;
                before.splice(*pile..end, [from.clone()]);
            }
            Move::To {
                pile,
                before: was,
                after: now,
            } => {
                let end = pile.checked_add(now.len())?;
                if before.get(*pile..end)? != now.as_slice() {
                    return None;
                }
                before.splice(*pile..end, was.iter().cloned());
            }
        }
        Some(before)
    }

    /// How many objects the move takes (from each pile, for [`Move::Both`]).
    #[inline]
    pub fn take(&self) -> Nat {
        match self {
            Move::Pile { from, to, .. } => from.saturating_sub(to),
            Move::Both { take, .. } | Move::Split { take, .. } => take.clone(),
            Move::To { .. } => Nat::ZERO,
        }
    }

    /// The heaps a move from one pile leaves in its place: none (the pile is emptied by a
    /// take-and-break move that leaves no heap is written as a pile of 0), one, or a split's.
    /// Empty for a move from both piles.
    pub fn leaves(&self) -> Vec<Nat> {
        match self {
            Move::Pile { to, .. } => vec![to.clone()],
            Move::Split { leaves, .. } => leaves.clone(),
            Move::Both { .. } | Move::To { .. } => Vec::new(),
        }
    }

    /// The piles after the move: a split's heaps take the place of its pile, so the piles
    /// after it are more than before.
    ///
    /// # Errors
    /// [`MoveError::NoSuchPile`] if the pile does not exist, [`MoveError::Illegal`] if the
    /// move's `from` does not match the pile, takes nothing (and splits nothing), takes more
    /// than a pile holds, or leaves heaps that are empty, fewer than two, or do not add up.
    /// Whether the amount is allowed by a game's rules is checked by [`crate::Game::apply_move`].
    pub fn apply(&self, piles: &[Nat]) -> Result<Vec<Nat>, MoveError> {
        let mut after = piles.to_vec();
        match self {
            Move::Pile { pile, from, to } => {
                let slot = after.get_mut(*pile).ok_or(MoveError::NoSuchPile {
                    pile: pile + 1,
                    piles: piles.len(),
                })?;
                if slot != from {
                    return Err(IllegalMove::PileHolds {
                        pile: pile + 1,
                        holds: slot.clone(),
                        from: from.clone(),
                    }
                    .into());
                }
                if to >= from {
                    return Err(IllegalMove::TakesNothing.into());
                }
                *slot = to.clone();
            }
            Move::Both { pile, take } => {
                if pile.checked_add(2).is_none_or(|end| end > piles.len()) {
                    return Err(IllegalMove::BothNeedTwoPiles.into());
                }
                if take.is_zero() {
                    return Err(IllegalMove::TakesNothing.into());
                }
                for (i, slot) in after[*pile..*pile + 2].iter_mut().enumerate() {
                    *slot = slot
                        .checked_sub(take)
                        .ok_or_else(|| IllegalMove::MoreThanPile {
                            pile: pile + i + 1,
                            holds: slot.clone(),
                            take: take.clone(),
                        })?;
                }
            }
            Move::Split {
                pile,
                from,
                take,
                leaves,
            } => {
                let slot = after.get(*pile).ok_or(MoveError::NoSuchPile {
                    pile: pile + 1,
                    piles: piles.len(),
                })?;
                if slot != from {
                    return Err(IllegalMove::PileHolds {
                        pile: pile + 1,
                        holds: slot.clone(),
                        from: from.clone(),
                    }
                    .into());
                }
                let left = from
                    .checked_sub(take)
                    .ok_or_else(|| IllegalMove::MoreThanPile {
                        pile: pile + 1,
                        holds: from.clone(),
                        take: take.clone(),
                    })?;
                if leaves.len() < 2 || leaves.iter().any(Nat::is_zero) {
                    return Err(IllegalMove::SplitTooFew.into());
                }
                let total = leaves.iter().fold(Nat::ZERO, |s, h| s.add(h));
                if total != left {
                    return Err(IllegalMove::SplitDoesNotAddUp {
                        take: take.clone(),
                        from: from.clone(),
                        left,
                        leaves: leaves.clone(),
                    }
                    .into());
                }
                after.splice(*pile..*pile + 1, leaves.iter().cloned());
            }
            Move::To {
                pile,
                before,
                after: now,
            } => {
                let end = pile.saturating_add(before.len());
                if *pile > piles.len() || end > piles.len() {
                    return Err(MoveError::NoSuchPile {
                        pile: pile + 1,
                        piles: piles.len(),
                    });
                }
                if piles[*pile..end] != before[..] {
                    return Err(IllegalMove::StateHolds.into());
                }
                if before == now {
                    return Err(IllegalMove::Unchanged.into());
                }
                after.splice(*pile..end, now.iter().cloned());
            }
        }
        Ok(after)
    }
}

impl fmt::Display for Move {
    /// `take 2 from pile 1 (3 → 1)`, `take 4 from both piles` (`take 4 from both piles 3 and 4`
    /// in a sum), `take 2 from pile 3 (10 → 3 + 5)`
    /// or `split pile 1 (7 → 2 + 5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pile { pile, from, to } => {
                write!(
                    f,
                    "take {} from pile {} ({from} → {to})",
                    from.saturating_sub(to),
                    pile + 1
                )
            }
            Move::Split {
                pile,
                from,
                take,
                leaves,
            } if take.is_zero() => {
                write!(
                    f,
                    "split pile {} ({from} → {})",
                    pile + 1,
                    join_heaps(leaves)
                )
            }
            Move::Split {
                pile,
                from,
                take,
                leaves,
            } => write!(
                f,
                "take {take} from pile {} ({from} → {})",
                pile + 1,
                join_heaps(leaves)
            ),
            Move::To { before, after, .. } => {
                write!(f, "move {} → {}", join_numbers(before), join_numbers(after))
            }
            Move::Both { pile: 0, take } => write!(f, "take {take} from both piles"),
            Move::Both { pile, take } => {
                write!(
                    f,
                    "take {take} from both piles {} and {}",
                    pile + 1,
                    pile + 2
                )
            }
        }
    }
}

/// Numbers separated by spaces, `-` for none.
fn join_numbers(numbers: &[Nat]) -> String {
    if numbers.is_empty() {
        return "-".to_string();
    }
    numbers
        .iter()
        .map(Nat::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The outcome class of a position under perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// N-position: the next player (the player to move) wins.
    N,
    /// P-position: the previous player wins; the player to move loses against perfect play.
    P,
}

impl Outcome {
    /// N when `to_move_wins`, else P.
    pub fn from_to_move_wins(to_move_wins: bool) -> Outcome {
        if to_move_wins { Outcome::N } else { Outcome::P }
    }

    /// Whether the player to move wins against perfect play.
    pub fn to_move_wins(self) -> bool {
        self == Outcome::N
    }

    /// `"N"` or `"P"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }
}

/// A take from one of some heaps that each fit in a machine word ([`crate::ruleset::WordSum`]):
/// the 0-based heap and the size it is left at (below the heap's size).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordTake {
    /// 0-based heap.
    pub pile: usize,
    /// The heap after the move.
    pub to: u64,
}
