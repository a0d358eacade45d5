//! Code shared by the integration tests.
//!
//! `brute` is an independent exhaustive game-tree search over sums of games, written from the
//! move rules alone (it uses nothing of the library), used as the oracle of property tests.
pub mod brute;
