//! Moves and outcomes, shared by every rule family.

use std::fmt;

use serde::Serialize;

use crate::error::MoveError;
use crate::nat::Nat;

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
}

impl Move {
    /// The 0-based piles the move changes: one, or Wythoff's two.
    pub fn piles(&self) -> std::ops::Range<usize> {
        match self {
            Move::Pile { pile, .. } => *pile..*pile + 1,
            Move::Both { pile, .. } => *pile..*pile + 2,
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

    /// How many objects the move takes (from each pile, for [`Move::Both`]).
    #[inline]
    pub fn take(&self) -> Nat {
        match self {
            Move::Pile { from, to, .. } => from.saturating_sub(to),
            Move::Both { take, .. } => take.clone(),
        }
    }

    /// The position after the move.
    ///
    /// # Errors
    /// [`MoveError::NoSuchPile`] if the pile does not exist, [`MoveError::Illegal`] if the
    /// move's `from` does not match the pile, takes nothing, or takes more than a pile holds.
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
                    return Err(MoveError::Illegal {
                        why: format!("pile {} holds {slot}, not {from}", pile + 1),
                    });
                }
                if to >= from {
                    return Err(MoveError::Illegal {
                        why: "a move must take at least one object".into(),
                    });
                }
                *slot = to.clone();
            }
            Move::Both { pile, take } => {
                if pile.checked_add(2).is_none_or(|end| end > piles.len()) {
                    return Err(MoveError::Illegal {
                        why: "taking from both piles needs two piles".into(),
                    });
                }
                if take.is_zero() {
                    return Err(MoveError::Illegal {
                        why: "a move must take at least one object".into(),
                    });
                }
                for slot in &mut after[*pile..*pile + 2] {
                    *slot = slot.checked_sub(take).ok_or_else(|| MoveError::Illegal {
                        why: format!("cannot take {take} from a pile of {slot}"),
                    })?;
                }
            }
        }
        Ok(after)
    }
}

impl fmt::Display for Move {
    /// `take 2 from pile 1 (3 → 1)` or `take 4 from both piles`.
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
            Move::Both { pile: 0, take } => write!(f, "take {take} from both piles"),
            Move::Both { pile, take } => {
                write!(f, "take {take} from piles {} and {}", pile + 1, pile + 2)
            }
        }
    }
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
