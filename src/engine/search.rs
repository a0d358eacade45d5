//! Exhaustive game-tree search with memoisation: the **remoteness** of a position, and from it
//! the outcome of games that have no closed form here (misère play of sums other than Nim).
//!
//! Remoteness (C. A. B. Smith, "Graphs and composite games", 1966) is the number of moves to the
//! end of the game when the winner hurries and the loser delays: 0 for a position with no move;
//! otherwise, if some move leads to a position lost for the player who then moves, 1 + the least
//! remoteness of such a position, and else 1 + the largest remoteness of any position one move
//! away. A position with no move is lost for the player to move under normal play and won under
//! misère play, so under normal play the player to move wins iff the remoteness is odd, under
//! misère play iff it is even.
//!
//! The search works on **atoms**, the pieces a family's moves act on alone: a heap of a heap
//! game, the pair of a Wythoff component ([`Ruleset::atom_len`]). A position is the multiset of
//! its atoms, each tagged with its family, so the search state sorts them and drops atoms that
//! have no move; order never matters between atoms, and within an atom only where the family
//! says ([`Ruleset::canonical_atom`]). Its size is bounded before any work ([`work_bound`]):
//! the positions up to reordering, times a fixed cost per position plus the most moves from one
//! of them. The search is iterative, so deep games do not exhaust the call stack.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::engine::sum::Part;
use crate::error::{Searched, SolveError};
use crate::moves::Move;
use crate::nat::Nat;
use crate::rules::Play;
use crate::ruleset::{Rules, Ruleset};

/// The most positions kept between searches; a larger memo is dropped before the next search.
const MEMO_KEEP: usize = 1 << 20;

/// What remembering one position costs, in steps of the search limit. A searched position
/// takes about 200 bytes (its memo entry and its stack frame); counting it as this many steps
/// keeps the default limit of 10,000,000 steps near 250 MB, where counting only its moves let
/// `analyze --misere --max-take 1 4999999` take 5,000,000 positions and abort for lack of
/// memory under `ulimit -v 1000000`.
pub(crate) const POSITION_STEPS: u64 = 8;

/// The family tag of an atom sits above this many bits of its first number.
const TAG_SHIFT: u32 = 48;
/// Numbers of a searched position stay below this (far beyond any search limit).
const VALUE_LIMIT: u64 = 1 << TAG_SHIFT;

/// The atoms of a position as (ruleset, numbers), `None` if a number does not fit in a search.
fn atoms<'a>(piles: &[Nat], parts: &'a [Part]) -> Option<Vec<(&'a Rules, Vec<u64>)>> {
    let mut out = Vec::new();
    let mut start = 0;
    for part in parts {
        let end = part.end.min(piles.len());
        let values: Vec<u64> = piles[start..end]
            .iter()
            .map(|p| p.to_u64().filter(|&v| v < VALUE_LIMIT))
            .collect::<Option<_>>()?;
        match part.rules.atom_len() {
            // A whole component is one atom, however many numbers it has.
            0 => out.push((&part.rules, values)),
            len => {
                for chunk in values.chunks(len) {
                    out.push((&part.rules, chunk.to_vec()));
                }
            }
        }
        start = end;
    }
    Some(out)
}

/// Non-decreasing sequences x₁ ≤ … ≤ xₘ with xᵢ ≤ bounds[i] (`bounds` sorted): the multisets
/// of heaps one group of equal heap games can reach. `None` when counting would take too long.
fn multisets(bounds: &[u64]) -> Option<u128> {
    let top = *bounds.last()? as usize;
    if (top as u128) * (bounds.len() as u128) > 50_000_000 {
        return None;
    }
    // ways[v]: sequences so far ending at value v.
    let mut ways: Vec<u128> = (0..=top as u64)
        .map(|v| u128::from(v <= bounds[0]))
        .collect();
    for &b in &bounds[1..] {
        let mut run = 0u128;
        for (v, w) in ways.iter_mut().enumerate() {
            run = run.saturating_add(*w);
            *w = if v as u64 <= b { run } else { 0 };
        }
    }
    Some(ways.iter().fold(0u128, |a, &w| a.saturating_add(w)))
}

/// Σ_{s ≤ total} p_M(s), p_M(s) the partitions of s into parts of sizes in M, the heaps with
/// a move (`movable`): the multisets of heaps a family that breaks heaps can reach from heaps
/// of `total` tokens in all, as the memo keeps them (without heaps that have no move, which
/// [`Search`] drops). `None` beyond a total of 2,000. Once the partitions of `total` itself
/// into the parts counted so far exceed `most`, that lower bound is returned at once: a caller
/// compares the count with a limit, and the whole count takes (total × parts) steps, 2 ms a
/// move of a replay of a 2,000-token row.
fn partitions_up_to(total: u64, movable: impl Fn(u64) -> bool, most: u128) -> Option<u128> {
    if total > 2_000 {
        return None;
    }
    let n = total as usize;
    let mut p = vec![0u128; n + 1];
    p[0] = 1;
    for part in (1..=n).filter(|&part| movable(part as u64)) {
        for s in part..=n {
            p[s] = p[s].saturating_add(p[s - part]);
        }
        if p[n] > most {
            return Some(p[n]);
        }
    }
    Some(p.iter().fold(0u128, |a, &x| a.saturating_add(x)))
}

/// An upper bound of the work an exhaustive search of the position takes: its positions up to
/// reordering times ([`POSITION_STEPS`] + the most moves from one of them). `None` when a number
/// does not fit a search or the bound does not fit in a `u64`.
pub(crate) fn work_bound(piles: &[Nat], parts: &[Part]) -> Option<u64> {
    work_within(piles, parts, u64::MAX)
}

/// [`work_bound`] when it is at most `cap`; `None` when it is more, decided without counting
/// the multisets of a group of heaps whose cheap lower bound (ordered positions / m!, or the
/// largest heap + 1) already exceeds `cap` — counting them takes (largest heap × heaps) steps,
/// 10 ms for two piles of 10^6, which a replay paid at every move.
fn work_within(piles: &[Nat], parts: &[Part], cap: u64) -> Option<u64> {
    let atoms = atoms(piles, parts)?;
    let cap = u128::from(cap);
    let mut branching: u128 = u128::from(POSITION_STEPS);
    let mut positions: u128 = 1;
    // Heaps of one family are counted as multisets; other atoms as ordered.
    let mut groups: Vec<(String, Vec<u64>)> = Vec::new();
    // Families that break heaps: the tokens of each, whose partitions bound its positions.
    let mut breaking: Vec<(String, &Rules, u64)> = Vec::new();
    for (rules, atom) in &atoms {
        branching = branching.saturating_add(u128::from(rules.atom_moves(atom)));
        if rules.splits_heaps() {
            let spec = rules.spec();
            match breaking.iter_mut().find(|(s, _, _)| *s == spec) {
                Some((_, _, total)) => *total = total.checked_add(atom[0])?,
                None => breaking.push((spec, rules, atom[0])),
            }
        } else if rules.atom_len() == 1 {
            let spec = rules.spec();
            match groups.iter_mut().find(|(s, _)| *s == spec) {
                Some((_, bounds)) => bounds.push(atom[0]),
                None => groups.push((spec, vec![atom[0]])),
            }
        } else {
            positions = positions.checked_mul(u128::from(rules.atom_positions(atom)?))?;
        }
    }
    // Every factor below is at least 1: the work is beyond `cap` once this product is.
    let beyond = |positions: u128| positions.saturating_mul(branching) > cap;
    if beyond(positions) {
        return None;
    }
    for (_, mut bounds) in groups {
        bounds.sort_unstable();
        let ordered = bounds
            .iter()
            .try_fold(1u128, |acc, &b| acc.checked_mul(u128::from(b) + 1));
        // Sorting an ordered position gives a multiset, at most m! of them the same one.
        let factorial = (1..=bounds.len() as u128).fold(1u128, u128::saturating_mul);
        let least = (ordered.unwrap_or(u128::MAX) / factorial)
            .max(u128::from(*bounds.last().unwrap_or(&0)) + 1);
        if beyond(positions.saturating_mul(least)) {
            return None;
        }
        let count = match (multisets(&bounds), ordered) {
            (Some(m), _) => m,
            (None, Some(o)) => o,
            (None, None) => return None,
        };
        positions = positions.checked_mul(count)?;
    }
    for (_, rules, total) in breaking {
        let movable = |h: u64| !rules.atom_is_terminal(&[h]);
        // More than this many positions of the group put the work beyond `cap`.
        let most = cap / positions.saturating_mul(branching).max(1);
        positions = positions.checked_mul(partitions_up_to(total, movable, most)?)?;
        if beyond(positions) {
            return None;
        }
    }
    let work = positions.checked_mul(branching)?;
    if work > cap {
        return None;
    }
    u64::try_from(work).ok()
}

/// Whether an exhaustive search of the position stays within `limit` steps.
pub(crate) fn within(piles: &[Nat], parts: &[Part], limit: u64) -> bool {
    work_within(piles, parts, limit).is_some()
}

/// [`within`], or the error that names the limit and (an estimate of) the work needed.
pub(crate) fn check(
    piles: &[Nat],
    parts: &[Part],
    limit: u64,
    what: Searched,
) -> Result<(), SolveError> {
    if within(piles, parts, limit) {
        return Ok(());
    }
    let needed = match work_bound(piles, parts) {
        Some(work) => work.to_string(),
        None => {
            // Beyond a machine word its order of magnitude is enough for the message.
            let mut log10 = (POSITION_STEPS as f64).log10();
            let mut moves = 0f64;
            for p in piles {
                log10 += p.add(&Nat::ONE).log10();
                moves += 10f64.powf(p.log10().min(300.0));
            }
            log10 += (moves + POSITION_STEPS as f64).log10().max(0.0);
            format!("about 10^{}", log10.round() as u64)
        }
    };
    Err(SolveError::SearchLimit {
        what,
        needed,
        limit,
    })
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

/// Remoteness of positions already searched (canonical keys), for one play convention, and the
/// families their tags name.
#[derive(Default)]
pub(crate) struct Memo {
    map: HashMap<Vec<u64>, u64, BuildHasherDefault<FxHasher>>,
    /// The family of each tag, and the tag of each spec.
    families: Vec<Rules>,
    tags: HashMap<String, u64>,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memo({} positions)", self.map.len())
    }
}

impl Memo {
    /// The tag of `rules`, registering it (the memo starts afresh when tags run out).
    fn tag(&mut self, rules: &Rules) -> u64 {
        let spec = rules.spec();
        if let Some(&t) = self.tags.get(&spec) {
            return t;
        }
        if self.families.len() as u64 >= (1 << (64 - TAG_SHIFT)) {
            *self = Memo::default();
        }
        let t = self.families.len() as u64;
        self.families.push(rules.clone());
        self.tags.insert(spec, t);
        t
    }
}

/// Where the enumeration of a position's moves stands: the atom starting at word `at` of the
/// state, its `k`-th move; `prev`, where the atom before it starts.
#[derive(Default, Clone, Copy)]
struct Cursor {
    at: usize,
    k: usize,
    prev: Option<usize>,
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
    play: Play,
    memo: &'a mut Memo,
    /// Scratch for the atoms of a child.
    atom: Vec<u64>,
    pieces: Vec<u64>,
}

impl<'a> Search<'a> {
    /// A search under `play` that reads and fills `memo`. The caller checks the work bound
    /// first ([`within`] or [`check`]).
    pub(crate) fn new(play: Play, memo: &'a mut Memo) -> Search<'a> {
        Search {
            play,
            memo,
            atom: Vec::new(),
            pieces: Vec::new(),
        }
    }

    fn family(&self, word: u64) -> &Rules {
        &self.memo.families[(word >> TAG_SHIFT) as usize]
    }

    /// The length in words of the atom starting with `word`: a whole component's atom is its
    /// head word (its tag and how many numbers follow) and its numbers.
    fn atom_len(&self, word: u64) -> usize {
        match self.family(word).atom_len() {
            0 => 1 + (word & (VALUE_LIMIT - 1)) as usize,
            len => len,
        }
    }

    /// The numbers of the atom at `state[at..at + len]`, without its tag, into `atom`.
    fn atom_numbers(&self, state: &[u64], at: usize, len: usize, atom: &mut Vec<u64>) {
        atom.clear();
        let word = state[at];
        if self.family(word).atom_len() == 0 {
            atom.extend_from_slice(&state[at + 1..at + len]);
        } else {
            atom.push(word & (VALUE_LIMIT - 1));
            atom.extend_from_slice(&state[at + 1..at + len]);
        }
    }

    /// Appends an atom of `rules` (tag `tag`) to `out` in canonical form, unless it has no move.
    fn push_atom(rules: &dyn Ruleset, tag: u64, atom: &mut [u64], out: &mut Vec<u64>) {
        rules.canonical_atom(atom);
        if rules.atom_is_terminal(atom) {
            return;
        }
        if rules.atom_len() == 0 {
            out.push((tag << TAG_SHIFT) | atom.len() as u64);
            out.extend_from_slice(atom);
            return;
        }
        out.push((tag << TAG_SHIFT) | atom[0]);
        out.extend_from_slice(&atom[1..]);
    }

    /// Sorts the atoms of a state (each atom's first word carries its tag, so plain words sort
    /// by family and first number).
    fn sort_atoms(&self, state: &mut [u64]) {
        if self.memo.families.iter().all(|f| f.atom_len() == 1) {
            state.sort_unstable();
            return;
        }
        let mut atoms: Vec<&[u64]> = Vec::new();
        let mut i = 0;
        while i < state.len() {
            let len = self.atom_len(state[i]);
            atoms.push(&state[i..i + len]);
            i += len;
        }
        atoms.sort_unstable();
        let sorted: Vec<u64> = atoms.concat();
        state.copy_from_slice(&sorted);
    }

    /// The canonical state of a position's piles (checked to fit: [`within`]).
    pub(crate) fn key(&mut self, piles: &[u64], parts: &[Part]) -> Vec<u64> {
        let mut key = Vec::with_capacity(piles.len());
        let mut start = 0;
        for part in parts {
            let tag = self.memo.tag(&part.rules);
            let end = part.end.min(piles.len());
            let len = match part.rules.atom_len() {
                0 => (end - start).max(1),
                len => len,
            };
            for chunk in piles[start..end].chunks(len) {
                let mut atom = chunk.to_vec();
                Self::push_atom(part.rules.ruleset(), tag, &mut atom, &mut key);
            }
            start = end;
        }
        self.sort_atoms(&mut key);
        key
    }

    /// Writes the next position one move from `state` (canonical) into `child`, advancing the
    /// cursor; `false` when every move has been enumerated. Equal atoms are moved from once.
    fn next_child(&mut self, state: &[u64], cursor: &mut Cursor, child: &mut Vec<u64>) -> bool {
        while cursor.at < state.len() {
            let at = cursor.at;
            let word = state[at];
            let len = self.atom_len(word);
            if cursor.k == 0
                && cursor
                    .prev
                    .is_some_and(|p| state[p..at] == state[at..at + len])
            {
                // The atom before has the same numbers: its moves gave these positions.
                cursor.prev = Some(at);
                cursor.at += len;
                continue;
            }
            let tag = word >> TAG_SHIFT;
            let mut atom = std::mem::take(&mut self.atom);
            self.atom_numbers(state, at, len, &mut atom);
            self.atom = atom;
            let rules = self.memo.families[tag as usize].ruleset();
            self.pieces.clear();
            if !rules.atom_child(&self.atom, cursor.k, &mut self.pieces) {
                cursor.prev = Some(at);
                cursor.at += len;
                cursor.k = 0;
                continue;
            }
            cursor.k += 1;
            child.clear();
            child.extend_from_slice(&state[..at]);
            child.extend_from_slice(&state[at + len..]);
            if rules.atom_len() == 0 {
                Self::push_atom(rules, tag, &mut self.pieces, child);
            } else {
                for piece in self.pieces.chunks_mut(len) {
                    Self::push_atom(rules, tag, piece, child);
                }
            }
            self.sort_atoms(child);
            return true;
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
    pub(crate) fn remoteness_of(&mut self, root: &[u64]) -> Result<u64, SolveError> {
        if let Some(&r) = self.memo.map.get(root) {
            return Ok(r);
        }
        if self.memo.map.len() > MEMO_KEEP {
            self.memo.map.clear();
        }
        let mut stack = vec![Frame::new(root.to_vec())];
        let mut child = Vec::with_capacity(root.len() + 2);
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

    /// The remoteness of a position given as machine words.
    pub(crate) fn remoteness(&mut self, piles: &[u64], parts: &[Part]) -> Result<u64, SolveError> {
        let key = self.key(piles, parts);
        self.remoteness_of(&key)
    }

    /// Calls `f` on every move of the position with the remoteness of the position it leads
    /// to, component by component in the families' order ([`Ruleset::each_move`]).
    fn each_move(
        &mut self,
        piles: &[u64],
        parts: &[Part],
        mut f: impl FnMut(Move, u64),
    ) -> Result<(), SolveError> {
        let mut start = 0;
        for (index, part) in parts.iter().enumerate() {
            let end = part.end.min(piles.len());
            let mut moves = Vec::new();
            part.rules
                .each_move(&piles[start..end], start, &mut |mv, component| {
                    moves.push((mv, component.to_vec()));
                });
            for (mv, component) in moves {
                // A split leaves the component with more piles: the parts after it move on.
                let grown = component.len() as isize - (end - start) as isize;
                let mut after = Vec::with_capacity(component.len() + piles.len());
                after.extend_from_slice(&piles[..start]);
                after.extend_from_slice(&component);
                after.extend_from_slice(&piles[end..]);
                let r = if grown == 0 {
                    self.remoteness(&after, parts)?
                } else {
                    let mut moved = parts.to_vec();
                    for p in &mut moved[index..] {
                        p.end = p.end.saturating_add_signed(grown);
                    }
                    self.remoteness(&after, &moved)?
                };
                f(mv, r);
            }
            start = end;
        }
        Ok(())
    }

    /// The outcome (whether the player to move wins), the remoteness, and every winning move of
    /// the position, in the order of [`Ruleset::each_move`] component by component.
    pub(crate) fn solve(
        &mut self,
        piles: &[Nat],
        parts: &[Part],
    ) -> Result<(bool, u64, Vec<Move>), SolveError> {
        let small = small(piles);
        let r = self.remoteness(&small, parts)?;
        let play = self.play;
        let wins_now = wins(r, play);
        let mut moves = Vec::new();
        if wins_now {
            self.each_move(&small, parts, |mv, child| {
                if !wins(child, play) {
                    moves.push(mv);
                }
            })?;
        }
        Ok((wins_now, r, moves))
    }

    /// The remoteness of the position and, when the player to move loses and a move is left,
    /// the move that delays the loss longest: the largest remoteness after it, ties to the
    /// first in move order, a move from one pile before a move from two.
    pub(crate) fn remoteness_and_delay(
        &mut self,
        piles: &[Nat],
        parts: &[Part],
    ) -> Result<(u64, Option<Move>), SolveError> {
        let small = small(piles);
        let r = self.remoteness(&small, parts)?;
        if r == 0 || wins(r, self.play) {
            return Ok((r, None));
        }
        let mut best: Option<(Move, u64)> = None;
        self.each_move(&small, parts, |mv, child| {
            let better = match &best {
                None => true,
                Some((b, most)) => {
                    child > *most
                        || (child == *most
                            && matches!(b, Move::Both { .. })
                            && matches!(mv, Move::Pile { .. }))
                }
            };
            if better {
                best = Some((mv, child));
            }
        })?;
        Ok((r, best.map(|(mv, _)| mv)))
    }
}

/// The piles as machine words (the caller checked they fit: [`within`]).
fn small(piles: &[Nat]) -> Vec<u64> {
    piles.iter().map(|p| p.to_u64().unwrap_or(0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Rules;

    fn parts(rules: Rules, n: usize) -> Vec<Part> {
        vec![Part { rules, end: n }]
    }

    fn remoteness(rules: Rules, play: Play, piles: &[u64]) -> u64 {
        let mut memo = Memo::default();
        Search::new(play, &mut memo)
            .remoteness(piles, &parts(rules, piles.len()))
            .expect("a small search fits in memory")
    }

    #[test]
    fn small_nim_positions() {
        // No move: 0. One pile: normal play takes it all (1); misère play leaves one (2 → 1 → 0
        // takes 2 moves), and a lone 1-pile is lost in one move.
        assert_eq!(remoteness(Rules::nim(), Play::Normal, &[0, 0]), 0);
        assert_eq!(remoteness(Rules::nim(), Play::Normal, &[5]), 1);
        assert_eq!(remoteness(Rules::nim(), Play::Misere, &[5]), 2);
        assert_eq!(remoteness(Rules::nim(), Play::Misere, &[1]), 1);
        // (1, 1) normal: lost, two moves; (2, 2): the loser delays (2,2)→(1,2)→(1,1)→(0,1)→(0,0).
        assert_eq!(remoteness(Rules::nim(), Play::Normal, &[1, 1]), 2);
        assert_eq!(remoteness(Rules::nim(), Play::Normal, &[2, 2]), 4);
    }

    #[test]
    fn parity_gives_the_outcome() {
        for a in 0..6u64 {
            for b in 0..6u64 {
                for c in 0..4u64 {
                    let r = remoteness(Rules::nim(), Play::Normal, &[a, b, c]);
                    assert_eq!(wins(r, Play::Normal), a ^ b ^ c != 0, "({a},{b},{c})");
                }
            }
        }
    }

    #[test]
    fn deep_games_do_not_recurse() {
        // The Bash game with K = 1 on one pile of 200,000 ends after 200,000 moves.
        let rules = Rules::max_take(Nat::ONE).unwrap();
        assert_eq!(remoteness(rules, Play::Normal, &[200_000]), 200_000);
    }

    #[test]
    fn work_bound_counts_positions_up_to_reordering() {
        let piles = [Nat::from(3u64), Nat::from(4u64)];
        // Multisets {x ≤ y} with x ≤ 3, y ≤ 4: 4 + 4 + 3 + 2 + 1 + … = 14; moves 8 + 3 + 4.
        assert_eq!(
            work_bound(&piles, &parts(Rules::nim(), 2)),
            Some(14 * (8 + 3 + 4))
        );
        // Wythoff's pair is one atom of (3 + 1)(4 + 1) positions, 3 + 4 + 3 moves.
        assert_eq!(
            work_bound(&piles, &parts(Rules::wythoff(), 2)),
            Some(20 * (8 + 10))
        );
        // Twenty heaps of 3: C(23, 3) = 1771 multisets, not 4^20.
        let twenty = vec![Nat::from(3u64); 20];
        let take3 = Rules::max_take(Nat::from(3u64)).unwrap();
        assert_eq!(
            work_bound(&twenty, &parts(take3, 20)),
            Some(1771 * (8 + 60))
        );
        let huge = [Nat::from(u64::MAX), Nat::from(2u64)];
        assert_eq!(work_bound(&huge, &parts(Rules::nim(), 2)), None);
        assert!(check(&piles, &parts(Rules::nim(), 2), 10, Searched::UntamedMisere).is_err());
        assert!(
            check(
                &piles,
                &parts(Rules::nim(), 2),
                300,
                Searched::UntamedMisere
            )
            .is_ok()
        );
    }

    #[test]
    fn partition_sums_count_the_partitions_into_movable_heaps() {
        // Σ_{s ≤ n} p(s) for n = 0 … 10: p = 1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42.
        let all = |_: u64| true;
        let sums: Vec<u128> = (0..=10)
            .map(|n| partitions_up_to(n, all, u128::MAX).unwrap())
            .collect();
        assert_eq!(sums, [1, 2, 4, 7, 12, 19, 30, 45, 67, 97, 139]);
        // p(100) = 190,569,292, the known value.
        assert_eq!(
            partitions_up_to(100, all, u128::MAX).unwrap()
                - partitions_up_to(99, all, u128::MAX).unwrap(),
            190_569_292
        );
        // Parts of size 1 only: one partition of each total.
        assert_eq!(partitions_up_to(10, |h| h == 1, u128::MAX), Some(11));
        // Far past a machine word, and refused past a total of 2,000.
        assert!(partitions_up_to(2_000, all, u128::MAX).unwrap() > u128::from(u64::MAX));
        assert_eq!(partitions_up_to(2_001, all, u128::MAX), None);
        // Past `most` a lower bound comes back at once, still past it.
        assert!(partitions_up_to(2_000, all, 1_000).unwrap() > 1_000);
        assert_eq!(partitions_up_to(10, all, 41).unwrap(), 42);
    }

    #[test]
    fn within_agrees_with_the_counted_bound() {
        // The shortcut by a lower bound never changes the answer of the exact count.
        let kayles = Rules::parse("kayles").unwrap();
        for rules in [
            Rules::nim(),
            Rules::max_take(Nat::from(2u64)).unwrap(),
            kayles,
        ] {
            for piles in [
                &[3u64, 4][..],
                &[40, 40],
                &[1000, 1000],
                &[2, 3, 5, 7],
                &[60, 1, 1],
            ] {
                let piles: Vec<Nat> = piles.iter().map(|&p| Nat::from(p)).collect();
                let parts = parts(rules.clone(), piles.len());
                let bound = work_bound(&piles, &parts);
                for limit in [0, 10, 300, 10_000, 1_000_000, 10_000_000, u64::MAX] {
                    assert_eq!(
                        within(&piles, &parts, limit),
                        bound.is_some_and(|w| w <= limit),
                        "{piles:?} {limit}"
                    );
                }
            }
        }
    }
}
