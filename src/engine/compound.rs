//! Compounds of games other than the sum (Winning Ways, chapter 9; C. A. B. Smith, "Graphs and
//! composite games", 1966), under normal play (the last player to move wins):
//!
//! * **conjunctive**: a move moves in *every* component; the game ends as soon as some
//!   component has no move. Smith: the compound's remoteness is the *least* of the components'
//!   remotenesses, and the player to move wins iff it is odd. A winning move moves every
//!   component to an option of remoteness one less (the winner hurries where it wins, delays
//!   where it loses), which leaves the least remoteness even.
//! * **continued** (Every-SG, HDU 3595 "GG and MM"): a move moves in every component that still
//!   has a move; the game ends when none has. Decided by **suspense numbers**: 0 for a position
//!   with no move; for a won position, 1 + the largest suspense number of an option lost for
//!   the player who then moves; for a lost position, 1 + the least suspense number of an
//!   option. The compound is won by the player to move iff the *largest* of the components'
//!   suspense numbers is odd; a winning move moves every component that has a move to an
//!   option of suspense number one less.
//! * **selective**: a move moves in any non-empty set of components. The player to move loses
//!   iff every component is a P-position alone; a winning move moves every N-component to a
//!   P-position.
//!
//! A component is one component of the position as written: `nim 3 4` is one component of two
//! heaps. Its remoteness and suspense number come from an exhaustive search of its options
//! (the moves [`crate::Ruleset::each_move`] lists), held to the search limit, except for a
//! single Nim heap (remoteness and suspense number 1 when it is not empty). The selective
//! compound needs only each component's outcome and a winning move, which the component's own
//! theory gives at any size.

use std::collections::HashMap;

use crate::engine::game::Game;
use crate::engine::search::{POSITION_STEPS, work_bound};
use crate::engine::sum::{Part, Position, write_component};
use crate::error::SolveError;
use crate::moves::{Move, Outcome};
use crate::nat::Nat;
use crate::rules::{Limits, Play};
use crate::ruleset::Rules;

/// How many times the search limit a component's bound of the search's work may be and still
/// be searched (the steps then counted as they are taken).
const BOUND_SLACK: u64 = 16;

/// How the components of a position are played together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Compound {
    /// The sum: a move moves in exactly one component (Sprague–Grundy).
    #[default]
    Disjunctive,
    /// A move moves in every component; the game ends when one has no move (remoteness).
    Conjunctive,
    /// A move moves in every component that has a move (suspense numbers, Every-SG).
    Continued,
    /// A move moves in any non-empty set of components.
    Selective,
}

impl Compound {
    /// The compound's name as the command line and JSON write it: `conjunctive`, ….
    pub fn as_str(self) -> &'static str {
        match self {
            Compound::Disjunctive => "disjunctive",
            Compound::Conjunctive => "conjunctive",
            Compound::Continued => "continued",
            Compound::Selective => "selective",
        }
    }
}

/// What decided a compound, with each component's number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompoundAnalysis {
    /// The compound.
    pub compound: Compound,
    /// N (the player to move wins) or P.
    pub outcome: Outcome,
    /// Each component's number, in order: its remoteness (conjunctive), its suspense number
    /// (continued), or 1 for an N-component and 0 for a P-component (selective).
    pub numbers: Vec<u64>,
    /// The deciding number: the least remoteness (conjunctive), the largest suspense number
    /// (continued), the count of N-components (selective).
    pub decisive: u64,
    /// A winning move of the compound, one move per component it moves in (whole-position
    /// pile numbers, in component order): empty in a P-position.
    pub moves: Vec<(usize, Move)>,
    /// The whole position after the winning move.
    pub after: Option<Position>,
}

/// A component's remoteness and suspense number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Values {
    remoteness: u64,
    suspense: u64,
}

impl Values {
    const END: Values = Values {
        remoteness: 0,
        suspense: 0,
    };

    /// The values of a position from its options' (remoteness odd: won for the player to
    /// move, under normal play).
    fn of(options: impl Iterator<Item = Values> + Clone) -> Values {
        let mut any = false;
        let (mut fastest, mut longest_suspense) = (u64::MAX, 0);
        let (mut slowest, mut least_suspense) = (0, u64::MAX);
        for v in options {
            any = true;
            slowest = slowest.max(v.remoteness);
            least_suspense = least_suspense.min(v.suspense);
            if v.remoteness % 2 == 0 {
                fastest = fastest.min(v.remoteness);
                longest_suspense = longest_suspense.max(v.suspense);
            }
        }
        match (any, fastest) {
            (false, _) => Values::END,
            (true, u64::MAX) => Values {
                remoteness: slowest + 1,
                suspense: least_suspense + 1,
            },
            (true, _) => Values {
                remoteness: fastest + 1,
                suspense: longest_suspense + 1,
            },
        }
    }
}

/// The exhaustive search of one component's positions (its own numbers as machine words).
struct ComponentSearch<'a> {
    rules: &'a Rules,
    multiset: bool,
    memo: HashMap<Vec<u64>, Values>,
    steps: u64,
    limit: u64,
}

impl ComponentSearch<'_> {
    fn key(&self, piles: &[u64]) -> Vec<u64> {
        let mut key = piles.to_vec();
        if self.multiset {
            key.retain(|&p| !self.rules.atom_is_terminal(&[p]));
            key.sort_unstable();
        }
        key
    }

    fn options(&self, state: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        self.rules
            .each_move(state, 0, &mut |_, after| out.push(self.key(after)));
        out
    }

    /// The values of `root`, searching what the memo does not hold; `false` past the limit.
    fn values(&mut self, root: &[u64]) -> Option<Values> {
        let root = self.key(root);
        if let Some(&v) = self.memo.get(&root) {
            return Some(v);
        }
        let mut stack: Vec<(Vec<u64>, Vec<Vec<u64>>, usize)> = Vec::new();
        let key = root.clone();
        let options = self.options(&root);
        self.charge(options.len())?;
        stack.push((root, options, 0));
        while let Some((_, options, next)) = stack.last_mut() {
            if let Some(child) = options.get(*next) {
                *next += 1;
                if !self.memo.contains_key(child) {
                    let child = child.clone();
                    let grand = self.options(&child);
                    self.charge(grand.len())?;
                    stack.push((child, grand, 0));
                }
                continue;
            }
            let Some((state, options, _)) = stack.pop() else {
                break;
            };
            let memo = &self.memo;
            let v = Values::of(options.iter().map(|o| memo[o]));
            self.memo.insert(state, v);
        }
        self.memo.get(&key).copied()
    }

    fn charge(&mut self, moves: usize) -> Option<()> {
        self.steps = self
            .steps
            .saturating_add(POSITION_STEPS)
            .saturating_add(moves as u64);
        (self.steps <= self.limit).then_some(())
    }
}

/// The position in the position grammar, component by component joined by ` + `
/// ([`write_component`]): what reads back as it.
pub fn written(position: &Position) -> String {
    let mut out = Vec::new();
    for (i, c) in position.components().enumerate() {
        if i > 0 {
            out.extend_from_slice(b" + ");
        }
        write_component(c.rules, c.piles, &mut out);
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One component's number and the move (whole-position numbering) that carries out the
/// compound's strategy in it, if it has a move.
type Plan = (u64, Option<Move>);

impl Game {
    /// The outcome of `position` played as `compound`, each component's number, and a
    /// winning move with the whole position after it (see the module's theorems).
    ///
    /// # Errors
    /// [`SolveError::CompoundMisere`] under misère play (the theorems are of normal play);
    /// [`SolveError::CompoundSearch`] when a component's search would pass the search limit
    /// (naming the component and the limit); the errors of [`Game::advise_listing`] for a
    /// component of the selective compound. [`Compound::Disjunctive`] is the sum: its outcome
    /// and first winning move by [`Game::advise_listing`], with no numbers.
    pub fn analyze_compound(
        &self,
        position: &Position,
        compound: Compound,
    ) -> Result<CompoundAnalysis, SolveError> {
        if self.play() == Play::Misere {
            return Err(SolveError::CompoundMisere {
                compound: compound.as_str(),
            });
        }
        if compound == Compound::Disjunctive {
            let advice = self.advise_listing(position, crate::engine::game::Listing::First)?;
            let wins = advice.is_winning();
            let moves: Vec<(usize, Move)> = advice
                .suggestion
                .filter(|_| wins)
                .and_then(|mv| Some((position.component_of(&mv)?.index, mv)))
                .into_iter()
                .collect();
            let after = match moves.first() {
                Some((_, mv)) => position.after(mv).ok(),
                None => None,
            };
            return Ok(CompoundAnalysis {
                compound,
                outcome: advice.analysis.outcome,
                numbers: Vec::new(),
                decisive: 0,
                moves,
                after,
            });
        }
        let mut plans: Vec<Plan> = Vec::new();
        for c in position.components() {
            let plan = match compound {
                Compound::Selective | Compound::Disjunctive => {
                    self.selective_plan(c.rules, c.piles, c.offset)?
                }
                _ => self
                    .searched_plan(compound, c.rules, c.piles, c.offset)
                    .ok_or(SolveError::CompoundSearch {
                        compound: compound.as_str(),
                        component: c.index + 1,
                        limit: self.limits().search,
                    })?,
            };
            plans.push(plan);
        }
        let numbers: Vec<u64> = plans.iter().map(|p| p.0).collect();
        let (decisive, wins) = match compound {
            Compound::Conjunctive => {
                let least = numbers.iter().copied().min().unwrap_or(0);
                (least, least % 2 == 1)
            }
            Compound::Continued => {
                let most = numbers.iter().copied().max().unwrap_or(0);
                (most, most % 2 == 1)
            }
            Compound::Selective | Compound::Disjunctive => {
                let n = numbers.iter().sum::<u64>();
                (n, n > 0)
            }
        };
        let mut moves = Vec::new();
        let mut after = None;
        if wins {
            moves = plans
                .into_iter()
                .enumerate()
                .filter_map(|(i, (_, mv))| mv.map(|mv| (i, mv)))
                .collect();
            // The last component's move first: a move that changes its component's count of
            // numbers moves the components after it, never those before.
            let mut now = position.clone();
            for (i, mv) in moves.iter().rev() {
                now = now.after(mv).map_err(|_| SolveError::CompoundSearch {
                    compound: compound.as_str(),
                    component: i + 1,
                    limit: self.limits().search,
                })?;
            }
            after = Some(now);
        }
        Ok(CompoundAnalysis {
            compound,
            outcome: Outcome::from_to_move_wins(wins),
            numbers,
            decisive,
            moves,
            after,
        })
    }

    /// A component of the selective compound: 1 and a winning move if it is an N-position
    /// alone, else 0 and no move.
    fn selective_plan(
        &self,
        rules: &Rules,
        piles: &[Nat],
        offset: usize,
    ) -> Result<Plan, SolveError> {
        let limits = Limits {
            remoteness: 0,
            ..self.limits()
        };
        let game = Game::new(rules.clone(), Play::Normal, limits);
        let alone = Position::new(rules.clone(), piles.to_vec()).map_err(|_| {
            SolveError::CompoundSearch {
                compound: Compound::Selective.as_str(),
                component: 0,
                limit: limits.search,
            }
        })?;
        let advice = game.advise_listing(&alone, crate::engine::game::Listing::First)?;
        Ok(match (advice.analysis.outcome, advice.suggestion) {
            (Outcome::N, Some(mv)) => (1, Some(mv.shifted(offset))),
            _ => (0, None),
        })
    }

    /// A component of the conjunctive (remoteness) or continued (suspense) compound: its
    /// number and the move to an option whose number is one less; `None` past the search limit
    /// (or a number too large for a search).
    fn searched_plan(
        &self,
        compound: Compound,
        rules: &Rules,
        piles: &[Nat],
        offset: usize,
    ) -> Option<Plan> {
        let pick = |v: Values| match compound {
            Compound::Conjunctive => v.remoteness,
            _ => v.suspense,
        };
        // A single Nim heap: one move takes it all (remoteness and suspense number 1).
        if rules.spec() == "nim" && piles.len() == 1 {
            let n = &piles[0];
            if n.is_zero() {
                return Some((0, None));
            }
            return Some((
                1,
                Some(Move::pile(piles, 0, Nat::from(0u64)).shifted(offset)),
            ));
        }
        let small: Vec<u64> = piles.iter().map(Nat::to_u64).collect::<Option<_>>()?;
        // The steps are counted as they are taken. The search's bound of the work counts
        // every position it could meet, often many times more than it does meet (Kayles 40:
        // about twice the default limit, searched in half a second): only a bound far past
        // the limit refuses at once what the count would stop after seconds (Kayles 70).
        let parts = [Part {
            rules: rules.clone(),
            end: piles.len(),
        }];
        if work_bound(piles, &parts).is_some_and(|bound| bound / BOUND_SLACK > self.limits().search)
        {
            return None;
        }
        let mut search = ComponentSearch {
            rules,
            multiset: rules.heaps_are_a_multiset(),
            memo: HashMap::new(),
            steps: 0,
            limit: self.limits().search,
        };
        let v = pick(search.values(&small)?);
        if v == 0 {
            return Some((0, None));
        }
        let mut options = Vec::new();
        rules.each_move(&small, offset, &mut |mv, after| {
            options.push((mv, after.to_vec()))
        });
        for (mv, after) in options {
            let child = search.values(&after)?;
            if pick(child) + 1 == v {
                return Some((v, Some(mv)));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Limits;

    fn nats(v: &[u64]) -> Vec<Nat> {
        v.iter().map(|&x| Nat::from(x)).collect()
    }

    fn game(search: u64) -> Game {
        let limits = Limits {
            search,
            ..Limits::default()
        };
        Game::new(Rules::nim(), Play::Normal, limits)
    }

    fn sum(parts: &[(&str, &[u64])]) -> Position {
        Position::sum(
            parts
                .iter()
                .map(|(spec, piles)| (Rules::parse(spec).unwrap(), nats(piles))),
        )
        .unwrap()
    }

    #[test]
    fn the_closed_form_of_a_nim_heap_agrees_with_the_search() {
        let g = game(1_000_000);
        for n in 0..30u64 {
            let alone = g
                .searched_plan(Compound::Conjunctive, &Rules::nim(), &nats(&[n]), 0)
                .unwrap();
            // With an empty heap beside it the search runs: the same numbers.
            for compound in [Compound::Conjunctive, Compound::Continued] {
                let searched = g
                    .searched_plan(compound, &Rules::nim(), &nats(&[n, 0]), 0)
                    .unwrap();
                assert_eq!(searched.0, alone.0, "{compound:?} nim {n}");
            }
        }
    }

    #[test]
    fn remoteness_and_suspense_of_small_games() {
        // Options of remoteness/suspense: a lost position delays, a won one hurries.
        assert_eq!(Values::of(std::iter::empty()), Values::END);
        let won = Values {
            remoteness: 1,
            suspense: 1,
        };
        assert_eq!(
            Values::of([won, won].into_iter()),
            Values {
                remoteness: 2,
                suspense: 2
            }
        );
        // Nim 2 2: lost; remoteness 4 (2 2 → 1 2 → 1 1 → 0 1 → 0), suspense 4 too.
        let g = game(1_000_000);
        let a = g
            .analyze_compound(&sum(&[("nim", &[2, 2])]), Compound::Conjunctive)
            .unwrap();
        assert_eq!((a.outcome, a.numbers.as_slice()), (Outcome::P, &[4][..]));
        // Nim 1 + Nim 1 1: conjunctive min(1, 2) = 1 wins; continued max(1, 2) = 2 loses.
        let p = sum(&[("nim", &[1]), ("nim", &[1, 1])]);
        let c = g.analyze_compound(&p, Compound::Conjunctive).unwrap();
        assert_eq!((c.outcome, c.decisive), (Outcome::N, 1));
        assert_eq!(written(c.after.as_ref().unwrap()), "0 + 0 1");
        let c = g.analyze_compound(&p, Compound::Continued).unwrap();
        assert_eq!((c.outcome, c.decisive), (Outcome::P, 2));
        assert!(c.after.is_none() && c.moves.is_empty());
        // The disjunctive compound is the sum: 3 + 5 is won by 5 → 3.
        let c = g
            .analyze_compound(&sum(&[("nim", &[3]), ("nim", &[5])]), Compound::Disjunctive)
            .unwrap();
        assert_eq!(c.outcome, Outcome::N);
        assert_eq!(written(c.after.as_ref().unwrap()), "3 + 3");
    }

    #[test]
    fn the_limit_and_misere_play_are_named() {
        let p = sum(&[("nim", &[1]), ("nim", &[9, 9, 9])]);
        assert_eq!(
            game(100).analyze_compound(&p, Compound::Continued),
            Err(SolveError::CompoundSearch {
                compound: "continued",
                component: 2,
                limit: 100
            })
        );
        let misere = Game::new(Rules::nim(), Play::Misere, Limits::default());
        assert_eq!(
            misere.analyze_compound(&p, Compound::Selective),
            Err(SolveError::CompoundMisere {
                compound: "selective"
            })
        );
    }
}
