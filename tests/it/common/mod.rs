//! Code shared by the integration tests.
//!
//! `brute` is an independent exhaustive game-tree search over sums of games, written from the
//! move rules alone (it uses nothing of the library), used as the oracle of property tests.
//!
//! `break_brute` is the same for take-and-break games (octal codes, Grundy's game, Lasker's
//! Nim) and their sums with Nim-like games.
//!
//! `cli` runs the `nimsolve` binary and reads back what it printed (status, stdout, stderr,
//! JSON Lines); `library` turns plain numbers into the library's types and back.
pub mod break_brute;
pub mod brute;
pub mod cli;
pub mod compound_brute;
pub mod graph_brute;
pub mod judge_brute;
pub mod library;
pub mod moving_brute;
pub mod rule_brute;
