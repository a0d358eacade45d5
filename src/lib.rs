//! # nimsolve
//!
//! Exact analysis of Nim and its relatives among impartial games: who wins, every winning move,
//! the move to play, and whole games replayed move by move. Numbers are exact at any size.
//!
//! * **Nim** (Bouton 1901): normal play (last take wins) is won by the player to move iff the
//!   nim-sum (xor of the piles) is not 0; misère play (last take loses) iff the notes' state is
//!   S1, S2 or T0 ([`nim`]).
//! * **Sprague–Grundy** (1935/1939): a sum of games is won iff the xor of the summands' Grundy
//!   values (nimbers) is not 0; this decides Nim with at most K per take (the Bash game for one
//!   pile) and subtraction games, whose Grundy sequences are eventually periodic ([`grundy`]).
//! * **Wythoff's game** (Wythoff 1907): the P-positions are the pairs (⌊kφ⌋, ⌊kφ⌋ + k)
//!   ([`wythoff`]).
//! * **Misère play** beyond Nim ([`misere`]): the misère Nim rule on Grundy values for heaps
//!   of take at most K (proven) and for heaps proven tame by the check of misère quotients
//!   ([`quotient`], Plambeck–Siegel 2008); misère Wythoff; otherwise an exhaustive search
//!   within a stated limit.
//!
//! ```
//! use nimsolve::{parse_position, Game, Limits, Outcome, Play, Rules};
//!
//! let piles = parse_position("3 5 7")?;
//! let game = Game::new(Rules::nim(), Play::Normal, Limits::default());
//! let analysis = game.analyze(&piles)?;
//! assert_eq!(analysis.outcome, Outcome::N);
//! assert_eq!(analysis.grundy.unwrap().to_string(), "1");
//! assert_eq!(analysis.winning_moves.len(), 3);
//! let advice = game.advise(&piles)?;
//! assert_eq!(advice.suggestion.unwrap().to_string(), "take 1 from pile 1 (3 → 2)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The library does no I/O. Piles are numbered from 0 in [`Move`]; people and the JSON output
//! of the `nimsolve` command number them from 1.

pub mod error;
pub mod explain;
pub mod game;
pub mod games;
pub mod grundy;
pub mod misere;
pub mod moves;
pub mod nat;
pub mod nim;
pub mod position;
pub mod quotient;
pub mod replay;
pub mod review;
pub mod rules;
mod search;
pub mod sum;
pub mod take_break;
pub mod wythoff;

pub use error::{
    IllegalMove, MoveError, NumberError, PlayError, PositionError, RuleError, SolveError,
};
pub use game::{
    Advice, Analysis, ComponentValue, Game, Listing, MisereClasses, PositionDraw, PositionSpec,
    Reason, Theorem, Verdict,
};
pub use games::subtraction::SubtractionSet;
pub use games::{BothPiles, MoveWords, Rules, Ruleset, SequenceProof};
pub use grundy::{PeriodProof, Periodicity};
pub use moves::{Move, Outcome};
pub use nat::Nat;
pub use nim::{NimState, NimSummary};
pub use position::{parse_position, parse_position_into, parse_position_within, parse_simple_line};
pub use replay::{
    Engine, Level, Optimal, Player, RandomMoves, Replay, Seat, Strategy, Trainer, Turn,
};
pub use review::{MoveVerdict, StepError};
pub use rules::{Limits, Play};
pub use sum::{Component, Position, SumParser, parse_sum};
