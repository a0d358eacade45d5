//! Green Hackenbush on any graph (see [`theory`]).

pub mod theory;
