//! The facts of kiki's game as data: a component's Grundy value read off the piles' parities.

use crate::nat::Nat;

/// The Grundy value of a component of kiki's game (a, b) by the piles' parities: 0 when both
/// are even, 2 when both are odd, 1 when the odd pile is the larger, 3 when it is the smaller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KikiValue {
    /// The first of its two piles (0-based, in the whole position).
    pub pile: usize,
    /// The piles a and b.
    pub piles: (Nat, Nat),
    /// g(a, b).
    pub value: Nat,
}
