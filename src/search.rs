//! Exhaustive game-tree search with memoisation: the **remoteness** of a position, and from it
//! the outcome of games that have no closed form here (misère play of K-limited Nim,
//! subtraction games and Wythoff's game).
//!
//! Remoteness (C. A. B. Smith, "Graphs and composite games", 1966) is the number of moves to the
//! end of the game when the winner hurries and the loser delays: 0 for a position with no move;
//! otherwise, if some move leads to a position lost for the player who then moves, 1 + the least
//! remoteness of such a position, and else 1 + the largest remoteness of any position one move
//! away. A position with no move is lost for the player to move under normal play and won under
//! misère play, so under normal play the player to move wins iff the remoteness is odd, under
//! misère play iff it is even.
//!
//! The search state is the multiset of piles (sorted; empty piles dropped except in Wythoff's
//! game, whose move from both piles needs both). Its size is bounded before any work by
//! ∏(pile + 1) positions times (a fixed cost per position plus the most moves from one of
//! them), checked against a limit ([`work_bound`]). The search is iterative, so deep games do not exhaust the call stack.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::error::SolveError;
use crate::moves::Move;
use crate::nat::Nat;
use crate::rules::{Play, Rules, SubtractionSet};

/// The most positions kept between searches; a larger memo is dropped before the next search.
const MEMO_KEEP: usize = 1 << 20;

/// What remembering one position costs, in steps of the search limit. A searched position
/// takes about 200 bytes (its memo entry and its stack frame); counting it as this many steps
/// keeps the default limit of 10,000,000 steps near 250 MB, where counting only its moves let
/// `analyze --misere --max-take 1 4999999` take 5,000,000 positions and abort for lack of
/// memory under `ulimit -v 1000000`.
pub(crate) const POSITION_STEPS: u64 = 8;

/// An upper bound of the work an exhaustive search of `piles` takes: ∏(pile + 1) positions
/// times ([`POSITION_STEPS`] + the most moves from one of them). `None` when it does not fit
/// in a `u64` (a pile beyond `u64` included). Stops at the first overflow, so it is cheap on
/// huge positions.
pub(crate) fn work_bound(rules: &Rules, piles: &[Nat]) -> Option<u64> {
    let mut positions: u64 = 1;
    let mut branching: u64 = POSITION_STEPS;
    let mut least = u64::MAX;
    for p in piles {
        let v = p.to_u64()?;
        positions = positions.checked_mul(v.checked_add(1)?)?;
        branching = branching.checked_add(take_count(rules, v))?;
        least = least.min(v);
    }
    if matches!(rules, Rules::Wythoff) && !piles.is_empty() {
        branching = branching.checked_add(least)?;
    }
    positions.checked_mul(branching)
}

/// Whether an exhaustive search of `piles` stays within `limit` steps.
pub(crate) fn within(rules: &Rules, piles: &[Nat], limit: u64) -> bool {
    work_bound(rules, piles).is_some_and(|work| work <= limit)
}

/// [`within`], or the error that names the limit and the work needed.
pub(crate) fn check(
    rules: &Rules,
    piles: &[Nat],
    limit: u64,
    what: &'static str,
) -> Result<(), SolveError> {
    if within(rules, piles, limit) {
        return Ok(());
    }
    let mut branching = Nat::from(POSITION_STEPS);
    for p in piles {
        let count = p
            .to_u64()
            .map_or_else(|| p.clone(), |v| Nat::from(take_count(rules, v)));
        branching = branching.add(&count);
    }
    if matches!(rules, Rules::Wythoff)
        && let Some(least) = piles.iter().min()
    {
        branching = branching.add(least);
    }
    // The product stays exact while it is short; beyond that its order of magnitude is enough
    // for the message (the exact product of a million piles took most of a minute).
    let mut exact = Some(branching);
    let mut log10 = 0.0;
    for p in piles {
        let factor = p.add(&Nat::ONE);
        exact = match exact {
            Some(acc) if acc.bits() + factor.bits() <= 128 => {
                Some(Nat::from_biguint(acc.to_biguint() * factor.to_biguint()))
            }
            Some(acc) => {
                log10 = acc.log10() + factor.log10();
                None
            }
            None => {
                log10 += factor.log10();
                None
            }
        };
    }
    let needed = match exact {
        Some(n) => n.to_string(),
        None => format!("about 10^{}", log10.round() as u64),
    };
    Err(SolveError::SearchLimit {
        what,
        needed,
        limit,
    })
}

/// How many amounts one move may take from a pile of `p`, without listing them.
fn take_count(rules: &Rules, p: u64) -> u64 {
    match rules {
        Rules::Nim | Rules::Wythoff => p,
        Rules::MaxTake(k) => k.to_u64().unwrap_or(u64::MAX).min(p),
        Rules::Subtract(SubtractionSet::Finite(set)) => set.partition_point(|&s| s <= p) as u64,
        Rules::Subtract(family) => family.amounts_up_to(&Nat::from(p)).len() as u64,
    }
}

/// Whether the player to move wins a position of remoteness `r` under `play`.
pub(crate) fn wins(r: u64, play: Play) -> bool {
    (r % 2 == 1) == (play == Play::Normal)
}

/// A fast hasher for the memo's short keys (the multiply–rotate of rustc's FxHasher).
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Remoteness of positions already searched (canonical keys), for one game and play convention.
#[derive(Default)]
pub(crate) struct Memo {
    map: HashMap<Vec<u64>, u64, BuildHasherDefault<FxHasher>>,
    /// A reusable buffer for the key of the position asked about.
    scratch: Vec<u64>,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memo({} positions)", self.map.len())
    }
}

/// Where the enumeration of a position's moves stands: pile `pile` (in the canonical state),
/// its `k`-th legal amount; past the last pile, the moves from both piles (Wythoff).
#[derive(Default, Clone, Copy)]
struct Cursor {
    pile: usize,
    k: usize,
}

/// One position on the search stack, with what its explored moves found so far.
struct Frame {
    state: Vec<u64>,
    cursor: Cursor,
    any_move: bool,
    /// The least remoteness of a position lost for its player to move (a winning move's).
    fastest_win: Option<u64>,
    /// The largest remoteness of any position one move away.
    slowest: u64,
}

impl Frame {
    fn new(state: Vec<u64>) -> Frame {
        Frame {
            state,
            cursor: Cursor::default(),
            any_move: false,
            fastest_win: None,
            slowest: 0,
        }
    }

    fn absorb(&mut self, child: u64, play: Play) {
        self.any_move = true;
        self.slowest = self.slowest.max(child);
        if !wins(child, play) {
            self.fastest_win = Some(self.fastest_win.map_or(child, |r| r.min(child)));
        }
    }

    fn remoteness(&self) -> u64 {
        match (self.any_move, self.fastest_win) {
            (false, _) => 0,
            (true, Some(r)) => r + 1,
            (true, None) => self.slowest + 1,
        }
    }
}

/// A search of one game's positions, borrowing the game's memo.
pub(crate) struct Search<'a> {
    rules: &'a Rules,
    play: Play,
    memo: &'a mut Memo,
    /// The Fibonacci amounts 1, 2, 3, 5, … that fit in a `u64` (only for that family).
    fibonacci: Vec<u64>,
}

impl<'a> Search<'a> {
    /// A search under `rules` and `play` that reads and fills `memo`. The caller checks the
    /// work bound first ([`within`] or [`check`]).
    pub(crate) fn new(rules: &'a Rules, play: Play, memo: &'a mut Memo) -> Search<'a> {
        let mut fibonacci = Vec::new();
        if matches!(rules, Rules::Subtract(SubtractionSet::Fibonacci)) {
            let (mut a, mut b) = (1u64, 2u64);
            loop {
                fibonacci.push(a);
                let Some(c) = a.checked_add(b) else {
                    fibonacci.push(b);
                    break;
                };
                (a, b) = (b, c);
            }
        }
        Search {
            rules,
            play,
            memo,
            fibonacci,
        }
    }

    fn wythoff(&self) -> bool {
        matches!(self.rules, Rules::Wythoff)
    }

    /// The `k`-th amount (ascending) one move may take from a pile of `p`, if any.
    fn take_at(&self, p: u64, k: usize) -> Option<u64> {
        let t = match self.rules {
            Rules::Nim | Rules::Wythoff => (k as u64).checked_add(1)?,
            Rules::MaxTake(max) => {
                let t = (k as u64).checked_add(1)?;
                if max.to_u64().is_some_and(|m| t > m) {
                    return None;
                }
                t
            }
            Rules::Subtract(SubtractionSet::Finite(set)) => *set.get(k)?,
            Rules::Subtract(SubtractionSet::PowersOfTwo) => 1u64.checked_shl(k as u32)?,
            Rules::Subtract(SubtractionSet::Fibonacci) => *self.fibonacci.get(k)?,
        };
        (t <= p).then_some(t)
    }

    /// `piles` as a search state: sorted, empty piles dropped (except in Wythoff's game).
    fn canonical_into(&self, piles: impl IntoIterator<Item = u64>, out: &mut Vec<u64>) {
        out.clear();
        let keep_empty = self.wythoff();
        out.extend(piles.into_iter().filter(|&p| keep_empty || p > 0));
        out.sort_unstable();
    }

    /// Writes the next position one move from `state` (canonical) into `child`, advancing the
    /// cursor; `false` when every move has been enumerated. Equal piles are moved from once.
    fn next_child(&self, state: &[u64], cursor: &mut Cursor, child: &mut Vec<u64>) -> bool {
        while cursor.pile < state.len() {
            let i = cursor.pile;
            if i > 0 && state[i] == state[i - 1] {
                cursor.pile += 1;
                continue;
            }
            let Some(t) = self.take_at(state[i], cursor.k) else {
                cursor.pile += 1;
                cursor.k = 0;
                continue;
            };
            cursor.k += 1;
            child.clear();
            child.extend_from_slice(state);
            child[i] -= t;
            // Restore the order: the smaller pile moves left.
            let mut j = i;
            while j > 0 && child[j - 1] > child[j] {
                child.swap(j - 1, j);
                j -= 1;
            }
            if child[0] == 0 && !self.wythoff() {
                child.remove(0);
            }
            return true;
        }
        if self.wythoff() && state.len() == 2 {
            let t = cursor.k as u64 + 1;
            if t <= state[0] {
                cursor.k += 1;
                child.clear();
                child.extend_from_slice(&[state[0] - t, state[1] - t]);
                return true;
            }
        }
        false
    }

    /// A frame for `state`, with room for it on the stack and in the memo, or the error that
    /// says the search ran out of memory: the memo's table, the stack and the keys are what
    /// grows with a search, so memory running out is met here rather than aborting.
    fn push_frame(&mut self, stack: &mut Vec<Frame>, state: &[u64]) -> Result<(), SolveError> {
        let mut key = Vec::new();
        // Every frame on the stack is remembered when it is done: room for all of them.
        if self.memo.map.try_reserve(stack.len() + 1).is_ok()
            && stack.try_reserve(1).is_ok()
            && key.try_reserve_exact(state.len()).is_ok()
        {
            key.extend_from_slice(state);
            stack.push(Frame::new(key));
            return Ok(());
        }
        let positions = self.memo.map.len() + stack.len();
        // Free what the search holds, so the program can go on to report it.
        self.memo.map = HashMap::default();
        *stack = Vec::new();
        Err(SolveError::SearchMemory { positions })
    }

    /// The remoteness of a canonical state, searching what the memo does not know.
    ///
    /// # Errors
    /// [`SolveError::SearchMemory`] when memory runs out (the memo is then emptied).
    fn remoteness_of(&mut self, root: &[u64]) -> Result<u64, SolveError> {
        if let Some(&r) = self.memo.map.get(root) {
            return Ok(r);
        }
        if self.memo.map.len() > MEMO_KEEP {
            self.memo.map.clear();
        }
        let mut stack = vec![Frame::new(root.to_vec())];
        let mut child = Vec::with_capacity(root.len());
        let mut last = 0;
        while let Some(top) = stack.last_mut() {
            if self.next_child(&top.state, &mut top.cursor, &mut child) {
                match self.memo.map.get(child.as_slice()) {
                    Some(&r) => top.absorb(r, self.play),
                    None => self.push_frame(&mut stack, &child)?,
                }
                continue;
            }
            let Some(frame) = stack.pop() else { break };
            last = frame.remoteness();
            self.memo.map.insert(frame.state, last);
            if let Some(parent) = stack.last_mut() {
                parent.absorb(last, self.play);
            }
        }
        Ok(last)
    }

    /// The remoteness of `piles`. Allocates only for positions the memo does not know.
    pub(crate) fn remoteness(&mut self, piles: &[u64]) -> Result<u64, SolveError> {
        self.remoteness_from(piles.iter().copied())
    }

    /// The remoteness of `piles` (the caller checked they fit in a `u64`: [`within`]).
    pub(crate) fn remoteness_of_piles(&mut self, piles: &[Nat]) -> Result<u64, SolveError> {
        self.remoteness_from(piles.iter().map(|p| p.to_u64().unwrap_or(0)))
    }

    fn remoteness_from(&mut self, piles: impl IntoIterator<Item = u64>) -> Result<u64, SolveError> {
        let mut key = std::mem::take(&mut self.memo.scratch);
        self.canonical_into(piles, &mut key);
        let r = self.remoteness_of(&key);
        self.memo.scratch = key;
        r
    }

    /// Calls `f` on every move from `piles` with the remoteness of the position it leads to:
    /// the moves from one pile in pile order, each pile's amounts ascending, then (Wythoff) the
    /// moves from both piles, amounts ascending.
    fn each_move(&mut self, piles: &[u64], mut f: impl FnMut(Step, u64)) -> Result<(), SolveError> {
        let mut after = piles.to_vec();
        for (i, &p) in piles.iter().enumerate() {
            let mut k = 0;
            while let Some(t) = self.take_at(p, k) {
                k += 1;
                after[i] = p - t;
                f(Step::Pile(i, t), self.remoteness(&after)?);
            }
            after[i] = p;
        }
        if self.wythoff() && piles.len() == 2 {
            for t in 1..=piles[0].min(piles[1]) {
                f(
                    Step::Both(t),
                    self.remoteness(&[piles[0] - t, piles[1] - t])?,
                );
            }
        }
        Ok(())
    }

    /// The outcome (whether the player to move wins), the remoteness, and every winning move of
    /// `piles`, in the documented order (Wythoff: both piles first, then pile 1, then pile 2).
    pub(crate) fn solve(&mut self, piles: &[Nat]) -> Result<(bool, u64, Vec<Move>), SolveError> {
        let small = small(piles);
        let r = self.remoteness(&small)?;
        let play = self.play;
        let wins_now = wins(r, play);
        let (mut both, mut single) = (Vec::new(), Vec::new());
        if wins_now {
            self.each_move(&small, |step, child| {
                if !wins(child, play) {
                    match step {
                        Step::Both(_) => both.push(step.to_move(piles)),
                        Step::Pile(..) => single.push(step.to_move(piles)),
                    }
                }
            })?;
        }
        both.append(&mut single);
        Ok((wins_now, r, both))
    }

    /// The remoteness of `piles` and, when the player to move loses and a move is left, the
    /// move that delays the loss longest: the largest remoteness after it, ties to the
    /// lowest-numbered pile and the smallest amount (moves from both piles after the single-pile
    /// moves).
    pub(crate) fn remoteness_and_delay(
        &mut self,
        piles: &[Nat],
    ) -> Result<(u64, Option<Move>), SolveError> {
        let r = self.remoteness_of_piles(piles)?;
        if r == 0 || wins(r, self.play) {
            return Ok((r, None));
        }
        let small = small(piles);
        let mut best: Option<(Step, u64)> = None;
        self.each_move(&small, |step, child| {
            if best.is_none_or(|(_, most)| child > most) {
                best = Some((step, child));
            }
        })?;
        Ok((r, best.map(|(step, _)| step.to_move(piles))))
    }
}

/// A move of the search, before it becomes a [`Move`]: from pile `i` take `t`, or take `t`
/// from both piles.
#[derive(Clone, Copy)]
enum Step {
    Pile(usize, u64),
    Both(u64),
}

impl Step {
    fn to_move(self, piles: &[Nat]) -> Move {
        match self {
            Step::Pile(i, t) => Move::pile(piles, i, piles[i].saturating_sub(&Nat::from(t))),
            Step::Both(t) => Move::Both { take: Nat::from(t) },
        }
    }
}

/// The piles as machine words (the caller checked they fit: [`within`]).
fn small(piles: &[Nat]) -> Vec<u64> {
    piles.iter().map(|p| p.to_u64().unwrap_or(0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn remoteness(rules: &Rules, play: Play, piles: &[u64]) -> u64 {
        let mut memo = Memo::default();
        Search::new(rules, play, &mut memo)
            .remoteness(piles)
            .expect("a small search fits in memory")
    }

    #[test]
    fn small_nim_positions() {
        // No move: 0. One pile: normal play takes it all (1); misère play leaves one (2 → 1 → 0
        // takes 2 moves), and a lone 1-pile is lost in one move.
        assert_eq!(remoteness(&Rules::Nim, Play::Normal, &[0, 0]), 0);
        assert_eq!(remoteness(&Rules::Nim, Play::Normal, &[5]), 1);
        assert_eq!(remoteness(&Rules::Nim, Play::Misere, &[5]), 2);
        assert_eq!(remoteness(&Rules::Nim, Play::Misere, &[1]), 1);
        // (1, 1) normal: lost, two moves; (2, 2): the loser delays (2,2)→(1,2)→(1,1)→(0,1)→(0,0).
        assert_eq!(remoteness(&Rules::Nim, Play::Normal, &[1, 1]), 2);
        assert_eq!(remoteness(&Rules::Nim, Play::Normal, &[2, 2]), 4);
    }

    #[test]
    fn parity_gives_the_outcome() {
        let rules = Rules::Nim;
        for a in 0..6u64 {
            for b in 0..6u64 {
                for c in 0..4u64 {
                    let r = remoteness(&rules, Play::Normal, &[a, b, c]);
                    assert_eq!(wins(r, Play::Normal), a ^ b ^ c != 0, "({a},{b},{c})");
                }
            }
        }
    }

    #[test]
    fn deep_games_do_not_recurse() {
        // The Bash game with K = 1 on one pile of 200,000 ends after 200,000 moves.
        let rules = Rules::MaxTake(Nat::ONE);
        assert_eq!(remoteness(&rules, Play::Normal, &[200_000]), 200_000);
    }

    #[test]
    fn work_bound_is_positions_times_moves() {
        let piles = [Nat::from(3u64), Nat::from(4u64)];
        assert_eq!(work_bound(&Rules::Nim, &piles), Some(4 * 5 * (8 + 3 + 4)));
        assert_eq!(
            work_bound(&Rules::Wythoff, &piles),
            Some(4 * 5 * (8 + 3 + 4 + 3))
        );
        let huge = [Nat::from(u64::MAX), Nat::from(2u64)];
        assert_eq!(work_bound(&Rules::Nim, &huge), None);
        assert!(check(&Rules::Nim, &piles, 10, "x").is_err());
        assert!(check(&Rules::Nim, &piles, 300, "x").is_ok());
    }
}
