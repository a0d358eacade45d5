//! Positions whose play may go on for ever: a sum with a component of tokens on a graph with
//! cycles ([`crate::Ruleset::loopy_value`]). Such a position may be a draw, which the
//! Sprague–Grundy sum and the exhaustive search (for games that end) do not know; it is decided
//! here by Smith's rule for sums of the generalised Sprague–Grundy function γ (C. A. B. Smith,
//! "Graphs and composite games", J. Combin. Theory 1 (1966) 51–81):
//!
//! - every component's γ finite (a component that always ends has γ = its Grundy value): the
//!   sum is worth their nim-sum g, a P-position iff g = 0, won by a move of one component to
//!   the value that makes the nim-sum 0;
//! - exactly one component of γ = ∞(K), the others' nim-sum b: won iff b ∈ K, by moving that
//!   component to a position of value b; a draw otherwise (no move reaches a P-position, and
//!   the player who would lose keeps the ∞ component ∞);
//! - two or more components of γ = ∞: γ(sum) = ∞(∅), a draw.
//!
//! So a P-position is one whose every γ is finite with nim-sum 0, and the winning moves are
//! exactly the moves to such positions. Under misère play nothing is decided here.

use std::ops::{ControlFlow, Range};

use crate::engine::game::Game;
use crate::engine::sum::Position;
use crate::error::SolveError;
use crate::loopy::{Gamma, Outcome};
use crate::moves::Move;
use crate::rules::Play;
use crate::ruleset::Rules;

/// Which case of Smith's rule decided a position that may go on for ever.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoopyRule {
    /// Every component's γ is finite: their nim-sum decides.
    AllFinite {
        /// The nim-sum of the components' values.
        nim_sum: u64,
    },
    /// Exactly one component's γ is ∞(K): won iff K holds the nim-sum of the others.
    OneInfinite {
        /// That component (0-based).
        component: usize,
        /// The nim-sum b of the other components' values.
        others: u64,
        /// Whether b ∈ K.
        reaches: bool,
    },
    /// Two or more components have γ = ∞: a draw.
    SeveralInfinite {
        /// Those components (0-based).
        components: Vec<usize>,
    },
}

/// A component of a position that may go on for ever, with its γ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyComponent {
    /// Its rules.
    pub rules: Rules,
    /// Its piles' place in the whole position.
    pub piles: Range<usize>,
    /// Its γ (its Grundy value when its play always ends).
    pub value: Gamma,
}

/// The analysis of a position that may go on for ever.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyAnalysis {
    /// Win (N), loss (P) or draw, for the player to move.
    pub outcome: Outcome,
    /// γ of the whole position.
    pub value: Gamma,
    /// The case of Smith's rule that decided.
    pub rule: LoopyRule,
    /// Each component with its γ.
    pub components: Vec<LoopyComponent>,
    /// Every winning move (to a P-position), component by component in the order of each
    /// component's moves; empty in a P-position or a draw.
    pub winning_moves: Vec<Move>,
    /// The remoteness of a decided position of one component, when found within the search
    /// limit; `None` for a draw or a sum.
    pub remoteness: Option<u64>,
}

impl Game {
    /// Whether the position has a component whose play may go on for ever (tokens on a graph
    /// with cycles): then it is decided by [`Game::analyze_loopy`], not by the Sprague–Grundy
    /// sum or the search.
    pub fn is_loopy(&self, position: &Position) -> bool {
        position
            .components()
            .any(|c| c.rules.loopy_value(c.piles).is_some())
    }

    /// Decides a position that may go on for ever by Smith's rule for sums of γ (see the
    /// module's documentation): the outcome with a draw, γ of the position, every winning move,
    /// and for one component its remoteness.
    ///
    /// # Errors
    /// [`SolveError::LoopyMisere`] under misère play; the errors of the other components'
    /// Grundy values and moves (their search limit).
    pub fn analyze_loopy(&self, position: &Position) -> Result<LoopyAnalysis, SolveError> {
        let limits = self.limits();
        if self.play() == Play::Misere {
            let game = position
                .components()
                .find(|c| c.rules.loopy_value(c.piles).is_some())
                .map_or_else(String::new, |c| c.rules.spec());
            return Err(SolveError::LoopyMisere { game });
        }
        let mut components = Vec::new();
        for c in position.components() {
            let value = match c.rules.loopy_value(c.piles) {
                Some(g) => g,
                None => {
                    let g = c
                        .rules
                        .grundy(c.piles, &limits)
                        .map_err(|e| e.in_component(c.index))?;
                    Gamma::Finite(g.to_u64().ok_or(SolveError::SearchLimit {
                        what: crate::error::Searched::ComponentValue,
                        needed: "more than 2^64".to_string(),
                        limit: limits.search,
                    })?)
                }
            };
            components.push(LoopyComponent {
                rules: c.rules.clone(),
                piles: c.offset..c.offset + c.piles.len(),
                value,
            });
        }
        let infinite: Vec<usize> = (0..components.len())
            .filter(|&i| components[i].value.finite().is_none())
            .collect();
        let nim_sum = components
            .iter()
            .filter_map(|c| c.value.finite())
            .fold(0, |a, b| a ^ b);
        let (outcome, value, rule) = match infinite.as_slice() {
            [] => (
                if nim_sum == 0 {
                    Outcome::Loss
                } else {
                    Outcome::Win
                },
                Gamma::Finite(nim_sum),
                LoopyRule::AllFinite { nim_sum },
            ),
            &[component] => {
                let Gamma::Infinite(k) = &components[component].value else {
                    unreachable!("the component's value is infinite")
                };
                let reaches = k.binary_search(&nim_sum).is_ok();
                let mut shifted: Vec<u64> = k.iter().map(|&x| x ^ nim_sum).collect();
                shifted.sort_unstable();
                (
                    if reaches { Outcome::Win } else { Outcome::Draw },
                    Gamma::Infinite(shifted),
                    LoopyRule::OneInfinite {
                        component,
                        others: nim_sum,
                        reaches,
                    },
                )
            }
            _ => (
                Outcome::Draw,
                Gamma::Infinite(Vec::new()),
                LoopyRule::SeveralInfinite {
                    components: infinite.clone(),
                },
            ),
        };
        let mut winning_moves = Vec::new();
        let mut push = |mv: Move| {
            winning_moves.push(mv);
            ControlFlow::Continue(())
        };
        let parts: Vec<_> = position.components().collect();
        match rule {
            LoopyRule::AllFinite { nim_sum } if nim_sum != 0 => {
                for (c, v) in parts.iter().zip(&components) {
                    let g = v.value.finite().unwrap_or(0);
                    if c.rules.loopy_value(c.piles).is_some() {
                        let _ = c
                            .rules
                            .loopy_moves_to(c.piles, c.offset, g ^ nim_sum, &mut push);
                    } else {
                        let delta = crate::nat::Nat::from(nim_sum);
                        let _ = c
                            .rules
                            .moves_changing_grundy(c.piles, c.offset, &delta, &limits, &mut push)
                            .map_err(|e| e.in_component(c.index))?;
                    }
                }
            }
            LoopyRule::OneInfinite {
                component,
                others,
                reaches: true,
            } => {
                let c = &parts[component];
                let _ = c.rules.loopy_moves_to(c.piles, c.offset, others, &mut push);
            }
            _ => {}
        }
        let remoteness = match (parts.as_slice(), outcome) {
            ([c], Outcome::Win | Outcome::Loss) => c.rules.loopy_remoteness(c.piles, limits.search),
            _ => None,
        };
        Ok(LoopyAnalysis {
            outcome,
            value,
            rule,
            components,
            winning_moves,
            remoteness,
        })
    }
}
