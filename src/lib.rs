//! # nimsolve
//!
//! Exact analysis of Nim and its relatives among impartial games: who wins, every winning move,
//! the move to play, and whole games replayed move by move. Numbers are exact at any size.
//!
//! * **Nim** (Bouton 1901): normal play (last take wins) is won by the player to move iff the
//!   nim-sum (xor of the piles) is not 0; misère play (last take loses) iff the notes' state is
//!   S1, S2 or T0 ([`games::nim::theory`]).
//! * **Sprague–Grundy** (1935/1939): a sum of games is won iff the xor of the summands' Grundy
//!   values (nimbers) is not 0; this decides Nim with at most K per take (the Bash game for one
//!   pile) and subtraction games, whose Grundy sequences are eventually periodic ([`grundy`]).
//! * **Wythoff's game** (Wythoff 1907): the P-positions are the pairs (⌊kφ⌋, ⌊kφ⌋ + k)
//!   ([`games::wythoff::theory`]).
//! * **Misère play** beyond Nim ([`engine::misere`]): the misère Nim rule on Grundy values for
//!   heaps of take at most K (proven) and for heaps proven tame by the check of misère
//!   quotients ([`engine::quotient`], Plambeck–Siegel 2008); misère Wythoff; otherwise an
//!   exhaustive search within a stated limit.
//! * **Nimbers** (Conway 1976): the nim-sum, nim-product, nim-inverse (Lenstra 1977) and powers
//!   at any size ([`nimber`]); coin-turning games' values by them ([`games::coins::theory`]).
//!
//! ```
//! use nimsolve::{parse_position, Game, Limits, Outcome, Play, Rules};
//!
//! let game = Game::new(Rules::nim(), Play::Normal, Limits::default());
//! let position = game.position(parse_position("3 5 7")?)?;
//! let analysis = game.analyze(&position)?;
//! assert_eq!(analysis.outcome, Outcome::N);
//! assert_eq!(analysis.grundy.unwrap().to_string(), "1");
//! assert_eq!(analysis.winning_moves.len(), 3);
//! let advice = game.advise(&position)?;
//! assert_eq!(advice.suggestion.unwrap().to_string(), "take 1 from pile 1 (3 → 2)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The library does no I/O. Piles are numbered from 0 in [`Move`]; people and the JSON output
//! of the `nimsolve` command number them from 1.

// The layers, each importing only the ones above it in this list:
// 1. bottom: numbers, limits, typed errors, moves, the position grammar, the generic Grundy
//    period machinery and the facts of explanations;
pub mod error;
pub mod explain;
pub mod grundy;
pub mod loopy;
pub mod moves;
pub mod name;
pub mod nat;
pub mod nimber;
pub mod position;
pub mod rules;
// 2. the rules of one component, the trait every family implements, and its adapters: a heap
//    game by the options of one heap, a game on two piles, a game of one whole state;
pub mod component;
pub mod heap;
pub mod ruleset;
pub mod two_piles;
// 3. the families, each with its own theory, and their registry;
pub mod games;
// 4. the engine: sums, Sprague–Grundy, the search, misère theory, replays and reviews.
pub mod engine;

pub use engine::compound::{Compound, CompoundAnalysis};
pub use engine::game::{
    Advice, Analysis, ComponentValue, Game, Listing, MisereClasses, PositionDraw, PositionSpec,
    Reason, Theorem, Verdict,
};
pub use engine::loopy::{LoopyAnalysis, LoopyComponent, LoopyRule};
pub use engine::replay::{
    Engine, Level, Optimal, Player, RandomMoves, Replay, Seat, Strategy, Trainer, Turn,
};
pub use engine::review::{MoveVerdict, StepError};
pub use engine::sum::{Component, Position, SumParser, parse_sum};
pub use error::{
    IllegalMove, MoveError, NumberError, PlayError, PositionError, RuleError, SolveError,
};
pub use games::facts::{
    ClassLabel, ClosedFormWhy, Fact, FamilyStep, FamilyTheorem, FamilyWhy, JsonSlot, TypedMoves,
};
pub use games::names::FamilyName;
pub use games::nim::theory::{NimFact, NimState, NimSummary};
pub use games::subtraction::SubtractionSet;
pub use games::words::MoveWords;
pub use grundy::{PeriodProof, Periodicity};
pub use moves::{Move, Outcome, WordTake};
pub use nat::Nat;
pub use position::{
    parse_position, parse_position_into, parse_position_within, parse_simple_line,
    parse_simple_words,
};
pub use rules::{Limits, Play};
pub use ruleset::{BothPiles, Rules, Ruleset, SequenceProof, WordSum};
