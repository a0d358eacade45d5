//! Shared parts of the heap games whose moves from a heap depend on the heap's size (the
//! multiplication game, the calendar game, digital deletions): a heap goes to one of a few
//! sizes its family lists, and these functions give the [`crate::Ruleset`] methods that a
//! take-an-amount family gets from its defaults.

use std::ops::ControlFlow;

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, MoveRule, SolveError};
use crate::moves::Move;
use crate::nat::Nat;

/// The sizes a heap can go to in one move, amounts ascending (sizes descending), no size twice.
pub(crate) type Options<'a> = &'a dyn Fn(&Nat) -> Vec<Nat>;

/// How many amounts a move may take from `p`.
pub(crate) fn take_count(options: Options<'_>, p: &Nat) -> Nat {
    Nat::from(options(p).len() as u64)
}

/// The `k`-th amount (ascending).
pub(crate) fn nth_take(options: Options<'_>, p: &Nat, k: &Nat) -> Option<Nat> {
    let k = usize::try_from(k.to_u64()?).ok()?;
    options(p).get(k).and_then(|to| p.checked_sub(to))
}

/// [`nth_take`] on machine words.
pub(crate) fn take_at(options: Options<'_>, p: u64, k: usize) -> Option<u64> {
    let to = options(&Nat::from(p)).get(k)?.to_u64()?;
    p.checked_sub(to)
}

/// The options of `p` with Grundy value `target`, in order, until `f` breaks.
pub(crate) fn options_with_value(
    options: Options<'_>,
    grundy: &dyn Fn(&Nat) -> Result<Nat, SolveError>,
    p: &Nat,
    target: &Nat,
    f: &mut dyn FnMut(Move) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, SolveError> {
    for to in options(p) {
        if &grundy(&to)? == target && f(Move::pile_to(p, to)).is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Checks that a move goes from a heap to one of its options.
pub(crate) fn check_move(options: Options<'_>, mv: &Move, rule: MoveRule) -> Result<(), MoveError> {
    match mv {
        Move::Pile { from, to, .. } if options(from).contains(to) => Ok(()),
        Move::Pile { from, to, .. } => Err(IllegalMove::NotAnOption {
            from: from.clone(),
            to: to.clone(),
            rule,
        }
        .into()),
        _ => Err(IllegalMove::OnePileOnly { rule }.into()),
    }
}

/// Whether some heap has a move.
pub(crate) fn has_move(options: Options<'_>, piles: &[Nat]) -> bool {
    piles.iter().any(|p| !options(p).is_empty())
}

/// The fallback move: the least amount from the largest heap that has a move (the
/// lowest-numbered among equals), with that heap's size.
pub(crate) fn fallback(options: Options<'_>, piles: &[Nat], offset: usize) -> Option<(Nat, Move)> {
    let mut best: Option<(usize, Nat)> = None;
    for (i, p) in piles.iter().enumerate() {
        if best.as_ref().is_some_and(|(j, _)| p <= &piles[*j]) {
            continue;
        }
        if let Some(to) = options(p).into_iter().next() {
            best = Some((i, to));
        }
    }
    let (i, to) = best?;
    Some((
        piles[i].clone(),
        Move::Pile {
            pile: offset + i,
            from: piles[i].clone(),
            to,
        },
    ))
}

/// How many heaps have a move.
pub(crate) fn random_choices(options: Options<'_>, piles: &[Nat]) -> usize {
    piles.iter().filter(|p| !options(p).is_empty()).count()
}

/// A move of the `choice`-th heap with a move, its option drawn uniformly.
pub(crate) fn random_move(
    options: Options<'_>,
    piles: &[Nat],
    offset: usize,
    choice: usize,
    rng: &mut dyn RngCore,
) -> Option<Move> {
    let (i, p, moves) = piles
        .iter()
        .enumerate()
        .map(|(i, p)| (i, p, options(p)))
        .filter(|(_, _, o)| !o.is_empty())
        .nth(choice)?;
    let k = crate::nat::uniform_below(rng, &Nat::from(moves.len() as u64))?.to_u64()?;
    let to = moves.into_iter().nth(usize::try_from(k).ok()?)?;
    Some(Move::Pile {
        pile: offset + i,
        from: p.clone(),
        to,
    })
}

/// The least non-negative value not among `values` (mex).
pub(crate) fn mex(values: impl IntoIterator<Item = u8>) -> u8 {
    let mut seen = [false; 256];
    for v in values {
        seen[usize::from(v)] = true;
    }
    seen.iter().position(|s| !s).unwrap_or(255) as u8
}
