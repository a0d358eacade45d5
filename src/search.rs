//! Exhaustive game-tree search with memoisation, for misère play of games that have no closed
//! form here (K-limited Nim, subtraction games, Wythoff's game).
//!
//! A position is P under misère play iff it has at least one move and every move leads to an
//! N-position; a position with no move is N (the player to move did not take the last object,
//! so the opponent did and lost). The search state is the multiset of piles (sorted), which is
//! how many positions the game has up to reordering. Its size is bounded before any work by
//! ∏(pile + 1), checked against a limit.

use std::collections::HashMap;

use crate::error::SolveError;
use crate::moves::Move;
use crate::nat::Nat;
use crate::rules::{Rules, SubtractionSet};

/// Memoised misère outcomes of one game's positions.
pub(crate) struct MisereSearch<'a> {
    rules: &'a Rules,
    memo: HashMap<Vec<u64>, bool>,
}

impl<'a> MisereSearch<'a> {
    /// Prepares a search of `piles` under `rules`.
    ///
    /// # Errors
    /// [`SolveError::SearchLimit`] when ∏(pile + 1) exceeds `limit`.
    pub(crate) fn new(
        rules: &'a Rules,
        piles: &[Nat],
        limit: u64,
    ) -> Result<MisereSearch<'a>, SolveError> {
        // Work bound: positions (∏(pile + 1)) times the most moves from one of them.
        let search = MisereSearch {
            rules,
            memo: HashMap::new(),
        };
        let mut positions: Option<u64> = Some(1);
        let mut branching: u64 = 1;
        for p in piles {
            let v = p.to_u64();
            positions = positions.and_then(|b| {
                v.and_then(|v| v.checked_add(1))
                    .and_then(|v| b.checked_mul(v))
            });
            branching = branching.saturating_add(v.map_or(u64::MAX, |v| search.take_count(v)));
        }
        if matches!(rules, Rules::Wythoff) {
            branching =
                branching.saturating_add(piles.iter().filter_map(Nat::to_u64).min().unwrap_or(0));
        }
        match positions.and_then(|n| n.checked_mul(branching)) {
            Some(work) if work <= limit => Ok(search),
            _ => {
                let needed = piles.iter().fold(Nat::from(branching), |acc, p| {
                    Nat::from_biguint(acc.to_biguint() * p.add(&Nat::ONE).to_biguint())
                });
                Err(SolveError::SearchLimit {
                    what: "misère play of this game",
                    needed: needed.to_string(),
                    limit,
                })
            }
        }
    }

    /// How many amounts one move may take from a pile of `p`, without listing them.
    fn take_count(&self, p: u64) -> u64 {
        match self.rules {
            Rules::Nim | Rules::Wythoff => p,
            Rules::MaxTake(k) => k.to_u64().unwrap_or(u64::MAX).min(p),
            Rules::Subtract(SubtractionSet::Finite(set)) => set.partition_point(|&s| s <= p) as u64,
            Rules::Subtract(family) => family.amounts_up_to(&Nat::from(p)).len() as u64,
        }
    }

    /// The amounts one move may take from a pile of `p` under pile rules.
    fn takes(&self, p: u64) -> Vec<u64> {
        match self.rules {
            Rules::Nim | Rules::Wythoff => (1..=p).collect(),
            Rules::MaxTake(k) => {
                let k = k.to_u64().unwrap_or(u64::MAX).min(p);
                (1..=k).collect()
            }
            Rules::Subtract(SubtractionSet::Finite(set)) => {
                set.iter().copied().take_while(|&s| s <= p).collect()
            }
            Rules::Subtract(family) => family
                .amounts_up_to(&Nat::from(p))
                .iter()
                .filter_map(Nat::to_u64)
                .collect(),
        }
    }

    /// The positions one move from `state` (sorted), each sorted.
    fn children(&self, state: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue;
            }
            for t in self.takes(state[i]) {
                let mut child = state.to_vec();
                child[i] -= t;
                child.sort_unstable();
                out.push(child);
            }
        }
        if matches!(self.rules, Rules::Wythoff) && state.len() == 2 {
            for t in 1..=state[0].min(state[1]) {
                out.push(vec![state[0] - t, state[1] - t]);
            }
        }
        out
    }

    /// Whether the player to move wins `root` (sorted) under misère play. Iterative, so deep
    /// games do not exhaust the call stack.
    fn wins(&mut self, root: Vec<u64>) -> bool {
        if let Some(&w) = self.memo.get(&root) {
            return w;
        }
        let mut stack = vec![self.frame(root.clone())];
        while let Some(top) = stack.last_mut() {
            if !top.wins
                && let Some(child) = top.kids.pop()
            {
                match self.memo.get(&child) {
                    Some(&child_wins) => top.wins = !child_wins,
                    None => {
                        let frame = self.frame(child);
                        stack.push(frame);
                    }
                }
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            // A position with no move is won by the player to move (misère).
            let w = frame.wins || !frame.any_move;
            self.memo.insert(frame.state, w);
            if let Some(parent) = stack.last_mut() {
                parent.wins |= !w;
            }
        }
        self.memo.get(&root).copied().unwrap_or(false)
    }

    fn frame(&self, state: Vec<u64>) -> Frame {
        let kids = self.children(&state);
        Frame {
            any_move: !kids.is_empty(),
            kids,
            state,
            wins: false,
        }
    }

    /// Whether the player to move wins `piles` under misère play, and every winning move.
    pub(crate) fn solve(&mut self, piles: &[Nat]) -> (bool, Vec<Move>) {
        let small: Vec<u64> = piles.iter().map(|p| p.to_u64().unwrap_or(0)).collect();
        let sorted = |mut v: Vec<u64>| {
            v.sort_unstable();
            v
        };
        let wins = self.wins(sorted(small.clone()));
        let mut moves = Vec::new();
        if wins {
            // Wythoff: the move from both piles first, as under normal play.
            if matches!(self.rules, Rules::Wythoff) && small.len() == 2 {
                for t in 1..=small[0].min(small[1]) {
                    if !self.wins(sorted(vec![small[0] - t, small[1] - t])) {
                        moves.push(Move::Both { take: Nat::from(t) });
                    }
                }
            }
            for (i, &p) in small.iter().enumerate() {
                for t in self.takes(p) {
                    let mut child = small.clone();
                    child[i] -= t;
                    if !self.wins(sorted(child)) {
                        moves.push(Move::pile(piles, i, Nat::from(p - t)));
                    }
                }
            }
        }
        (wins, moves)
    }
}

struct Frame {
    state: Vec<u64>,
    kids: Vec<Vec<u64>>,
    any_move: bool,
    wins: bool,
}
