//! The facts of sliding pieces as data: the pairs of pieces from the right whose gaps give the
//! value, and a move of one piece.

use crate::nat::Nat;

/// The pairs that give a row of pieces its value: from the right, each pair's cells (the left
/// one `None` for the leftmost piece alone against the wall) and the gap inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideValue {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// (left cell or the wall, right cell, the free cells between), from the right.
    pub pairs: Vec<(Option<Nat>, Nat, Nat)>,
    /// The nim-sum of the gaps: the Grundy value.
    pub value: Nat,
}

/// A move of sliding pieces: the piece on cell `from` goes to cell `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideMove {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The cell the piece leaves.
    pub from: Nat,
    /// The cell it moves to.
    pub to: Nat,
}

/// The move from `before` to `after`: one piece moved left; `None` otherwise.
pub fn read_move(pile: usize, before: &[Nat], after: &[Nat]) -> Option<SlideMove> {
    if before.len() != after.len() {
        return None;
    }
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    let [i] = changed[..] else {
        return None;
    };
    (after[i] < before[i] && !after[i].is_zero()).then(|| SlideMove {
        pile,
        from: before[i].clone(),
        to: after[i].clone(),
    })
}
