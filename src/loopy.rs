//! The values of positions that may go on for ever (loopy games: tokens on a graph with
//! cycles), for every loopy game: the outcome with draws, and the generalised Sprague–Grundy
//! value γ (Smith 1966; Fraenkel and Yesha) that decides sums of them. A family computes them
//! (`games::graph::theory`); the engine adds them up ([`crate::engine::loopy`]).

/// The outcome of a position for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move wins (an N-position).
    Win,
    /// The player to move loses (a P-position).
    Loss,
    /// Neither player can force a win: best play goes on for ever.
    Draw,
}

/// The value of the generalised Sprague–Grundy function at a vertex.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A natural number: the vertex behaves as a Nim heap of this size.
    Finite(u64),
    /// ∞(K): K, the finite values of the vertex's options, distinct and increasing.
    Infinite(Vec<u64>),
}

impl Gamma {
    /// The outcome of one token at a vertex of this value: Loss for 0, Win for another number
    /// or for ∞(K) with 0 ∈ K, Draw for ∞(K) with 0 ∉ K.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::Loss,
            Gamma::Finite(_) => Outcome::Win,
            Gamma::Infinite(k) if k.binary_search(&0).is_ok() => Outcome::Win,
            Gamma::Infinite(_) => Outcome::Draw,
        }
    }

    /// The number, when finite.
    pub fn finite(&self) -> Option<u64> {
        match self {
            Gamma::Finite(g) => Some(*g),
            Gamma::Infinite(_) => None,
        }
    }
}
