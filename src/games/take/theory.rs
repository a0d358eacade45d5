//! The facts of take 1 to K (the Bash game) as data: the division n = (K + 1)·r + s that gives a
//! heap's Grundy value s, and the move to a multiple of K + 1.

use crate::moves::Move;
use crate::nat::Nat;

/// n = (K + 1)·r + s, the division behind take 1 to K.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Division {
    /// The pile (0-based, in the whole position).
    pub pile: usize,
    /// Its size n.
    pub heap: Nat,
    /// K, the most a move takes.
    pub max_take: Nat,
    /// K + 1.
    pub modulus: Nat,
    /// r = ⌊n / (K + 1)⌋.
    pub quotient: Nat,
    /// s = n mod (K + 1): the heap's Grundy value, and the amount to take when it is not 0.
    pub remainder: Nat,
}

/// A step of an explanation of take 1 to K.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TakeStep {
    /// The Bash game (one pile, take 1 to K): n = (K + 1)·r + s, and the move it gives.
    Bash {
        /// The division.
        division: Division,
        /// Take s (to (K + 1)·r), when s is not 0.
        to: Option<Move>,
    },
    /// Take 1 to K in several piles or a sum: a heap's value g(n) = n mod (K + 1) = s.
    Residue(Division),
}
