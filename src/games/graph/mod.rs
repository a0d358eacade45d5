//! Games of tokens on a directed graph read from text (see [`theory`]).

pub mod theory;
