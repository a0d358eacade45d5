//! Nim under normal and misère play: Bouton's theorem (C. L. Bouton, "Nim, a game with a
//! complete mathematical theory", Annals of Mathematics 3, 1901–1902).
//!
//! * Normal play: the player to move wins iff the nim-sum X (xor of all piles) is not 0.
//!   From X ≠ 0, a pile p whose bit at X's highest set bit is 1 has p ⊕ X < p, and reducing it
//!   to p ⊕ X leaves nim-sum 0; from X = 0 every move leaves X ≠ 0.
//! * Misère play (last take loses): play as in normal play while two or more piles are larger
//!   than one; when one pile is larger than one, reduce it to 0 or 1 so that an odd number of
//!   1-piles remain. With no pile larger than one, the player to move wins iff the number of
//!   1-piles is even.
//!
//! The notes' state labels (S: X ≠ 0, 利己态; T: X = 0, 利他态, refined by the number of
//! piles larger than one, 充裕堆) are [`NimState`].

use std::fmt;

use serde::Serialize;

use crate::moves::{Move, Outcome, WordTake};
use crate::nat::Nat;
use crate::rules::Play;

/// The nim-sum X = p₁ ⊕ p₂ ⊕ … ⊕ pₙ of the piles (0 for no piles).
///
/// ```
/// use nimsolve::{games::nim::theory::nim_sum, Nat};
/// let piles: Vec<Nat> = [3u64, 5, 7].into_iter().map(Nat::from).collect();
/// assert_eq!(nim_sum(&piles), Nat::from(1u64));
/// ```
pub fn nim_sum(piles: &[Nat]) -> Nat {
    let mut x = Nat::ZERO;
    for p in piles {
        x.xor_assign(p);
    }
    x
}

/// The notes' classification of a Nim position by its nim-sum and by how many piles are larger
/// than one ("充裕堆", big piles). There is no T1: with exactly one big pile the nim-sum has that
/// pile's high bits, so it cannot be 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum NimState {
    /// Nim-sum ≠ 0, no pile larger than one (an odd number of 1-piles).
    S0,
    /// Nim-sum ≠ 0, exactly one pile larger than one.
    S1,
    /// Nim-sum ≠ 0, two or more piles larger than one.
    S2,
    /// Nim-sum = 0, no pile larger than one (an even number of 1-piles, possibly none).
    T0,
    /// Nim-sum = 0, two or more piles larger than one.
    T2,
}

impl NimState {
    /// The outcome under `play`: normal play wins in S0, S1, S2; misère play in S1, S2, T0.
    pub fn outcome(self, play: Play) -> Outcome {
        let wins = match play {
            Play::Normal => matches!(self, NimState::S0 | NimState::S1 | NimState::S2),
            Play::Misere => matches!(self, NimState::S1 | NimState::S2 | NimState::T0),
        };
        Outcome::from_to_move_wins(wins)
    }

    /// `"S0"`, `"S1"`, … as in the notes.
    pub fn as_str(self) -> &'static str {
        match self {
            NimState::S0 => "S0",
            NimState::S1 => "S1",
            NimState::S2 => "S2",
            NimState::T0 => "T0",
            NimState::T2 => "T2",
        }
    }

    /// What the label means, in one phrase.
    pub fn meaning(self) -> &'static str {
        match self {
            NimState::S0 => "nim-sum ≠ 0, no pile larger than one",
            NimState::S1 => "nim-sum ≠ 0, exactly one pile larger than one",
            NimState::S2 => "nim-sum ≠ 0, two or more piles larger than one",
            NimState::T0 => "nim-sum = 0, no pile larger than one",
            NimState::T2 => "nim-sum = 0, two or more piles larger than one",
        }
    }

    /// The same class in the P/Q/R/S/F naming of another of the notes (seed 003):
    /// P odd number of 1-piles only, Q even number of 1-piles only, R exactly one pile larger
    /// than one, S balanced (nim-sum 0, not P/Q/R), F unbalanced (nim-sum ≠ 0, not P/Q/R).
    pub fn pqrsf(self) -> &'static str {
        match self {
            NimState::S0 => "P",
            NimState::T0 => "Q",
            NimState::S1 => "R",
            NimState::T2 => "S",
            NimState::S2 => "F",
        }
    }
}

impl fmt::Display for NimState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What Bouton's theorem needs of a Nim position, in one pass over the piles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimSummary {
    /// The nim-sum X.
    pub nim_sum: Nat,
    /// How many piles are larger than one.
    pub big_piles: usize,
    /// How many piles hold exactly one.
    pub ones: usize,
}

impl NimSummary {
    /// Summarises `piles` (any number, of any size).
    pub fn of(piles: &[Nat]) -> NimSummary {
        // The fast path keeps the nim-sum of machine-word piles in a u64; a big pile joins in
        // exactly through Nat's xor.
        let mut small: u64 = 0;
        let mut big: Option<Nat> = None;
        let (mut big_piles, mut ones) = (0, 0);
        for p in piles {
            match p.to_u64() {
                Some(v) => {
                    small ^= v;
                    big_piles += usize::from(v > 1);
                    ones += usize::from(v == 1);
                }
                None => {
                    big = Some(big.unwrap_or_default().xor(p));
                    big_piles += 1;
                }
            }
        }
        let nim_sum = match big {
            Some(b) => b.xor(&Nat::from(small)),
            None => Nat::from(small),
        };
        NimSummary {
            nim_sum,
            big_piles,
            ones,
        }
    }

    /// The notes' state label.
    pub fn state(&self) -> NimState {
        match (self.nim_sum.is_zero(), self.big_piles) {
            (false, 0) => NimState::S0,
            (false, 1) => NimState::S1,
            (false, _) => NimState::S2,
            (true, 0) => NimState::T0,
            // One big pile cannot have nim-sum 0; classify defensively as T2.
            (true, _) => NimState::T2,
        }
    }
}

/// Bouton's theorem (1901), the one that decides a sum of Nim heaps alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bouton {
    /// Normal play: the player to move wins iff the nim-sum is not 0.
    Normal,
    /// Misère play: the player to move wins iff the state is S1, S2 or T0.
    Misere,
}

impl Bouton {
    /// The theorem for `play`.
    pub fn under(play: Play) -> Bouton {
        match play {
            Play::Normal => Bouton::Normal,
            Play::Misere => Bouton::Misere,
        }
    }
}

/// What Bouton's theorem reads off a Nim position: its summary and the notes' state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NimFact {
    /// The nim-sum and the counts of big piles and of 1-piles.
    pub summary: NimSummary,
    /// The notes' state label, S0/S1/S2/T0/T2.
    pub state: NimState,
}

impl NimFact {
    /// The fact of `piles` (any number, of any size).
    ///
    /// ```
    /// use nimsolve::{games::nim::theory::{NimFact, NimState}, Nat};
    /// let piles: Vec<Nat> = [3u64, 5, 7].into_iter().map(Nat::from).collect();
    /// assert_eq!(NimFact::of(&piles).state, NimState::S2);
    /// ```
    pub fn of(piles: &[Nat]) -> NimFact {
        NimFact::from(NimSummary::of(piles))
    }

    /// The nim-sum's highest set bit (0 for the units), `None` when the nim-sum is 0.
    pub fn high_bit(&self) -> Option<u64> {
        self.summary.nim_sum.bits().checked_sub(1)
    }

    /// Why Bouton's rule plays the winning move it chooses ([`chosen_move`]) under `play`.
    pub fn why(&self, play: Play) -> NimWhy {
        match (play, self.state) {
            (Play::Misere, NimState::S1) => NimWhy::MisereBigPile,
            (Play::Misere, NimState::T0) => NimWhy::MisereOnes,
            _ => NimWhy::HighBit {
                bit: self.summary.nim_sum.bits().saturating_sub(1),
                misere: play == Play::Misere,
            },
        }
    }
}

impl From<NimSummary> for NimFact {
    fn from(summary: NimSummary) -> NimFact {
        NimFact {
            state: summary.state(),
            summary,
        }
    }
}

/// Why Bouton's rule chose a winning move of Nim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NimWhy {
    /// Normal play, and misère play with two or more piles larger than one: the
    /// lowest-numbered pile holding bit `bit`, the nim-sum's highest set bit, reduced to
    /// pile ⊕ nim-sum.
    HighBit {
        /// The nim-sum's highest set bit (0 for the units).
        bit: u64,
        /// Under misère play (state S2), where the move is normal play's: it leaves T2.
        misere: bool,
    },
    /// Misère play in S1: the one pile larger than one goes to 0 or 1, so that an odd number of
    /// 1-piles remain.
    MisereBigPile,
    /// Misère play in T0: a 1-pile is taken, leaving an odd number of them.
    MisereOnes,
}

/// Every winning move of a Nim position under `play`, in pile order: every move to a
/// P-position. Empty in a P-position.
///
/// Normal play: every pile p with p ⊕ X < p, reduced to p ⊕ X (HDU 1850 counts these). Misère
/// play: the same in S2; in S1 the one move that leaves the big pile at 0 or 1 with an odd number
/// of 1-piles; in T0 taking any 1-pile.
pub fn winning_moves(piles: &[Nat], play: Play) -> Vec<Move> {
    let mut moves = Vec::new();
    winning_moves_into(piles, &NimSummary::of(piles), play, &mut moves);
    moves
}

/// [`winning_moves`] appended to `moves` (a batch reuses one buffer), with the position's
/// summary at hand.
pub(crate) fn winning_moves_into(
    piles: &[Nat],
    summary: &NimSummary,
    play: Play,
    moves: &mut Vec<Move>,
) {
    let state = summary.state();
    if state.outcome(play) == Outcome::P {
        return;
    }
    match (play, state) {
        (Play::Misere, NimState::S1) => moves.extend(count_and_choose(piles, summary, play).1),
        (Play::Misere, NimState::T0) => moves.extend(
            piles
                .iter()
                .enumerate()
                .filter(|(_, p)| p.is_one())
                .map(|(i, _)| Move::pile(piles, i, Nat::ZERO)),
        ),
        _ => {
            // p ⊕ X < p iff p has X's highest set bit.
            let x = &summary.nim_sum;
            let high = x.bits().saturating_sub(1);
            moves.extend(
                piles
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.bit(high))
                    .map(|(i, p)| Move::pile(piles, i, p.xor(x))),
            );
        }
    }
}

/// The number of winning moves (the length of [`winning_moves`]) and the winning move the
/// notes teach, found in one pass without listing the moves; `(0, None)` in a P-position.
///
/// The move: the lowest-numbered pile whose bit at the nim-sum's highest set bit is 1, reduced to
/// pile ⊕ nim-sum (misère play: the same in S2; in S1 the big pile to 0 or 1, leaving an odd
/// number of 1-piles; in T0 the first 1-pile to 0). `summary` must be the summary of `piles`.
pub fn count_and_choose(piles: &[Nat], summary: &NimSummary, play: Play) -> (usize, Option<Move>) {
    let state = summary.state();
    if state.outcome(play) == Outcome::P {
        return (0, None);
    }
    match (play, state) {
        (Play::Misere, NimState::S1) => {
            let big = piles.iter().position(|p| !p.is_zero() && !p.is_one());
            // Leave an odd number of 1-piles: keep one if the 1-piles are even.
            let to = Nat::from(u64::from(summary.ones.is_multiple_of(2)));
            (1, big.map(|i| Move::pile(piles, i, to)))
        }
        (Play::Misere, NimState::T0) => {
            let first = piles.iter().position(Nat::is_one);
            (summary.ones, first.map(|i| Move::pile(piles, i, Nat::ZERO)))
        }
        _ => {
            // p ⊕ X < p iff p has X's highest set bit.
            let x = &summary.nim_sum;
            let high = x.bits().saturating_sub(1);
            let Some(first) = piles.iter().position(|p| p.bit(high)) else {
                return (0, None);
            };
            // Counted without a branch per pile: whether a pile has the bit is a coin toss.
            let count = 1 + piles[first + 1..].iter().filter(|p| p.bit(high)).count();
            (count, Some(Move::pile(piles, first, piles[first].xor(x))))
        }
    }
}

/// [`NimSummary::of`], [`count_and_choose`] and [`winning_moves`] on piles that each fit in a
/// machine word, in one pass over the piles and one over the winning moves, allocating
/// nothing: the fact, the number of winning moves, and the first `at_most` of them appended to
/// `moves` in [`winning_moves`]' order (a batch's hot path).
///
/// ```
/// use nimsolve::Play;
/// use nimsolve::games::nim::theory::{NimState, word_verdict};
/// let mut moves = Vec::new();
/// let (fact, count) = word_verdict(&[3, 4, 5], Play::Normal, 8, &mut moves);
/// assert_eq!((fact.state, count), (NimState::S2, 1));
/// assert_eq!((moves[0].pile, moves[0].to), (0, 1)); // 3 → 1 leaves 1 ⊕ 4 ⊕ 5 = 0
/// ```
pub fn word_verdict(
    piles: &[u64],
    play: Play,
    at_most: usize,
    moves: &mut Vec<WordTake>,
) -> (NimFact, usize) {
    let (mut x, mut big_piles, mut ones) = (0u64, 0, 0);
    for &v in piles {
        x ^= v;
        big_piles += usize::from(v > 1);
        ones += usize::from(v == 1);
    }
    let fact = NimFact::from(NimSummary {
        nim_sum: Nat::from(x),
        big_piles,
        ones,
    });
    if fact.state.outcome(play) == Outcome::P {
        return (fact, 0);
    }
    let count = match (play, fact.state) {
        (Play::Misere, NimState::S1) => {
            // Leave an odd number of 1-piles: keep one if the 1-piles are even.
            let to = u64::from(ones.is_multiple_of(2));
            if let Some(pile) = piles.iter().position(|&v| v > 1).filter(|_| at_most > 0) {
                moves.push(WordTake { pile, to });
            }
            1
        }
        (Play::Misere, NimState::T0) => {
            let ones_at = piles.iter().enumerate().filter(|&(_, &v)| v == 1);
            moves.extend(
                ones_at
                    .take(at_most)
                    .map(|(pile, _)| WordTake { pile, to: 0 }),
            );
            ones
        }
        _ => {
            // p ⊕ X < p iff p has X's highest set bit: a coin toss per pile, so the moves are
            // written without a branch (each pile's move in the next slot, kept if it wins).
            let high = x.checked_ilog2().unwrap_or(0);
            let wins = |v: u64| (v >> high & 1) as usize;
            if at_most <= 1 {
                let first = piles.iter().position(|&v| wins(v) == 1);
                if let Some(pile) = first.filter(|_| at_most == 1) {
                    moves.push(WordTake {
                        pile,
                        to: piles[pile] ^ x,
                    });
                }
                let after = first.map_or(piles.len(), |f| f + 1);
                usize::from(first.is_some())
                    + piles[after..].iter().map(|&v| wins(v)).sum::<usize>()
            } else {
                let start = moves.len();
                moves.resize(start + piles.len() + 1, WordTake { pile: 0, to: 0 });
                let mut next = start;
                for (pile, &v) in piles.iter().enumerate() {
                    moves[next] = WordTake { pile, to: v ^ x };
                    next += wins(v);
                }
                let count = next - start;
                moves.truncate(start + count.min(at_most));
                count
            }
        }
    };
    (fact, count)
}

/// The fact of `piles` with the number of winning moves under `play` and the one to play, as
/// [`NimFact::of`] and [`count_and_choose`] give them, in two passes over machine words when
/// every pile is below 2^64 (a batch's common case: about 3% of a batch line's instructions
/// fewer than the two calls, by valgrind's count).
pub fn counted(piles: &[Nat], play: Play) -> (NimFact, usize, Option<Move>) {
    let (mut x, mut big_piles, mut ones) = (0u64, 0, 0);
    for p in piles {
        let Some(v) = p.to_u64() else {
            let fact = NimFact::of(piles);
            let (count, chosen) = count_and_choose(piles, &fact.summary, play);
            return (fact, count, chosen);
        };
        x ^= v;
        big_piles += usize::from(v > 1);
        ones += usize::from(v == 1);
    }
    let fact = NimFact::from(NimSummary {
        nim_sum: Nat::from(x),
        big_piles,
        ones,
    });
    let plain_high_bit = fact.state.outcome(play) == Outcome::N
        && !matches!(
            (play, fact.state),
            (Play::Misere, NimState::S1 | NimState::T0)
        );
    if !plain_high_bit || x == 0 {
        let (count, chosen) = count_and_choose(piles, &fact.summary, play);
        return (fact, count, chosen);
    }
    // p ⊕ X < p iff p has X's highest set bit.
    let high = x.ilog2();
    let has_bit = |p: &Nat| p.to_u64().is_some_and(|v| v >> high & 1 == 1);
    let Some(first) = piles.iter().position(has_bit) else {
        return (fact, 0, None);
    };
    let count = 1 + piles[first + 1..].iter().filter(|p| has_bit(p)).count();
    let from = piles[first].to_u64().unwrap_or_default();
    let chosen = Move::Pile {
        pile: first,
        from: Nat::from(from),
        to: Nat::from(from ^ x),
    };
    (fact, count, Some(chosen))
}

/// The winning move the notes teach, or `None` in a P-position (see [`count_and_choose`]).
pub fn chosen_move(piles: &[Nat], play: Play) -> Option<Move> {
    count_and_choose(piles, &NimSummary::of(piles), play).1
}

/// The notes' move for a lost position: take one from the largest pile (the lowest-numbered
/// among equals). `None` when every pile is empty.
pub fn fallback_move(piles: &[Nat]) -> Option<Move> {
    let (i, largest) = piles
        .iter()
        .enumerate()
        .rev()
        .max_by(|a, b| a.1.cmp(b.1))
        .filter(|(_, p)| !p.is_zero())?;
    Some(Move::pile(piles, i, largest.saturating_sub(&Nat::ONE)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nats(v: &[u64]) -> Vec<Nat> {
        v.iter().map(|&x| Nat::from(x)).collect()
    }

    fn takes(piles: &[u64], play: Play) -> Option<(usize, u64)> {
        chosen_move(&nats(piles), play).map(|m| match m {
            Move::Pile { pile, .. } => (pile + 1, m.take().to_u64().unwrap()),
            _ => unreachable!(),
        })
    }

    #[test]
    fn the_notes_worked_examples() {
        // 例1 (14,21,39): take 12 from 39; 例2 (55,81,121): 19 from 121; 例3 (29,45,58): 10 from
        // 58. The notes reduce the largest pile to the xor of the others; that is one of the
        // winning moves, not always the one chosen (the lowest-numbered pile holding the
        // nim-sum's highest bit: 55 → 40 and 29 → 23).
        for (piles, take) in [
            ([14u64, 21, 39], 12u64),
            ([55, 81, 121], 19),
            ([29, 45, 58], 10),
        ] {
            let moves = winning_moves(&nats(&piles), Play::Normal);
            let third = moves
                .iter()
                .find(|m| matches!(m, Move::Pile { pile: 2, .. }));
            assert_eq!(third.map(|m| m.take()), Some(Nat::from(take)), "{piles:?}");
        }
        assert_eq!(takes(&[14, 21, 39], Play::Normal), Some((3, 12)));
        assert_eq!(takes(&[55, 81, 121], Play::Normal), Some((1, 15)));
        assert_eq!(takes(&[29, 45, 58], Play::Normal), Some((1, 6)));
        assert_eq!(takes(&[7, 8, 9], Play::Normal), Some((1, 6)));
        // The nim-sum of (3,5,7) from seed 003.
        assert_eq!(nim_sum(&nats(&[3, 5, 7])), Nat::from(1u64));
    }

    #[test]
    fn states_of_the_notes() {
        let state = |v: &[u64]| NimSummary::of(&nats(v)).state();
        assert_eq!(state(&[1]), NimState::S0);
        assert_eq!(state(&[1, 1, 4]), NimState::S1);
        assert_eq!(state(&[3, 5, 7]), NimState::S2);
        assert_eq!(state(&[1, 1]), NimState::T0);
        assert_eq!(state(&[]), NimState::T0);
        assert_eq!(state(&[0, 4, 4]), NimState::T2);
    }

    #[test]
    fn misere_verdicts_in_the_hoj_1907_style() {
        // HOJ 1907 prints "John" when the player to move wins under misère play, else "Brother".
        let misere = |v: &[u64]| NimSummary::of(&nats(v)).state().outcome(Play::Misere);
        assert_eq!(misere(&[3, 5, 1]), Outcome::N);
        assert_eq!(misere(&[1]), Outcome::P);
        assert_eq!(misere(&[1, 1]), Outcome::N);
        assert_eq!(misere(&[2, 1, 3]), Outcome::P);
        assert_eq!(misere(&[2, 2]), Outcome::P);
        assert_eq!(misere(&[1, 1, 1]), Outcome::P);
        assert_eq!(misere(&[]), Outcome::N);
    }

    #[test]
    fn misere_and_normal_moves_differ_on_2_1() {
        assert_eq!(takes(&[2, 1], Play::Normal), Some((1, 1)));
        assert_eq!(takes(&[2, 1], Play::Misere), Some((1, 2)));
        assert_eq!(takes(&[1, 1, 4], Play::Misere), Some((3, 3)));
    }

    #[test]
    fn counts_every_winning_first_move() {
        // POJ 2975: (7, 11, 13) has 3 winning moves; HDU 1850: (5, 7, 9) has 1.
        assert_eq!(winning_moves(&nats(&[7, 11, 13]), Play::Normal).len(), 3);
        assert_eq!(winning_moves(&nats(&[5, 7, 9]), Play::Normal).len(), 1);
        assert_eq!(winning_moves(&nats(&[1, 0, 1]), Play::Misere).len(), 2);
        assert!(winning_moves(&nats(&[1, 2, 3]), Play::Normal).is_empty());
        for (piles, play) in [
            (&[7u64, 11, 13][..], Play::Normal),
            (&[1, 0, 1][..], Play::Misere),
            (&[1, 1, 4][..], Play::Misere),
        ] {
            let piles = nats(piles);
            let (count, chosen) = count_and_choose(&piles, &NimSummary::of(&piles), play);
            let all = winning_moves(&piles, play);
            assert_eq!(count, all.len());
            assert_eq!(chosen.as_ref(), all.first());
        }
    }

    #[test]
    fn fallback_takes_one_from_the_first_largest_pile() {
        assert_eq!(
            fallback_move(&nats(&[1, 8, 9, 9])),
            Some(Move::pile(&nats(&[1, 8, 9, 9]), 2, Nat::from(8u64)))
        );
        assert_eq!(fallback_move(&nats(&[0, 0])), None);
    }
}

/// Nim's other method: the largest pile c becomes the nim-sum of the others, x, if x < c.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LargestPile {
    /// The largest pile (0-based; the lowest-numbered among equals).
    pub pile: usize,
    /// Its size c.
    pub size: Nat,
    /// The nim-sum x of the other piles.
    pub others: Nat,
    /// The move to x when x < c: take c − x from the largest pile. `None` when x ≥ c (x = c: the
    /// nim-sum is 0; x > c: another pile must move).
    pub to: Option<Move>,
}
