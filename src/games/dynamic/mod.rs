//! k-times dynamic subtraction: each take is at most k times the one before (Fibonacci Nim for k = 2).

pub mod theory;
