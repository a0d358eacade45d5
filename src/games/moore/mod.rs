//! Moore's Nim_k: a move takes from each of between 1 and k piles.

pub mod theory;
