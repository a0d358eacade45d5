//! The integration tests: one binary, a module per subject (each test file linked on its own
//! would be a separate binary to build). `common` holds the independent oracles and the
//! helpers that run the binary.

mod common;

mod both_piles;
mod brute_selftest;
mod bytes_prop;
mod cases;
mod cli;
mod coin_families;
mod coins;
mod compounds;
mod editor;
mod explain;
mod facts;
mod family_free;
mod graph_family;
mod graph_selftest;
mod graph_theory;
mod hackenbush;
mod hostile;
mod judge;
mod lang_errors;
mod misere;
mod move_words;
mod moving;
mod moving_selftest;
mod moving_theory;
mod nimber;
mod polish;
mod props;
mod quotient;
mod reasons;
mod remoteness;
mod review;
mod sums;
mod svg;
mod take_break;
mod terminal;
mod trainer;
mod two_piles;
mod user_rules;
mod wording;
