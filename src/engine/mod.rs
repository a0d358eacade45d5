//! The engine: what is generic over the families of [`crate::games`], asked of each component
//! through its [`Ruleset`](crate::Ruleset) — the sum of components and its parser ([`sum`]),
//! Sprague–Grundy analysis and the facade [`Game`](crate::Game) ([`game`]), the exhaustive
//! search (`search`, internal), misère theory ([`misere`], [`quotient`]), replays and the trainer
//! ([`replay`]) and reviews of played games ([`review`]). No family or lower layer imports it.

pub mod compound;
pub mod game;
pub mod loopy;
pub mod misere;
pub mod quotient;
pub mod replay;
pub mod review;
mod search;
pub mod sum;
