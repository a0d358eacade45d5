//! Coin-turning games: a row of coins (or a board, for Turning Corners), a move turning over
//! coins the rule allows, the rightmost from heads to tails. For now their theory alone
//! ([`theory`]: the values of heads, Grundy values and winning moves as data); no family of
//! positions yet.

pub mod theory;
