//! Euclid's game: subtract a multiple of the smaller number from the larger; who makes a 0 wins.

pub mod theory;
