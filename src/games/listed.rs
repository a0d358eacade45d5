//! Shared parts of the heap games whose moves from a heap depend on the heap's size (the
//! multiplication game, the calendar game, digital deletions): a heap goes to one of a few
//! sizes its family lists, and these functions give the [`crate::heap::HeapGame`] methods
//! from that list (its options, the amounts in closed form, the check of a move and the
//! moves to a value). [`crate::heap::Heaps`] plays them.

use std::ops::ControlFlow;

use crate::error::{IllegalMove, MoveRule};
use crate::nat::Nat;

/// The sizes a heap can go to in one move, amounts ascending (sizes descending), no size twice.
pub(crate) type Options<'a> = &'a dyn Fn(&Nat) -> Vec<Nat>;

/// Calls `f(take, left)` with every option of a heap of `n` (as
/// [`crate::heap::HeapGame::options`]): a heap left of 0 is none.
pub(crate) fn each_option(options: Options<'_>, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
    for to in options(&Nat::from(n)) {
        if let Some(to) = to.to_u64().filter(|&to| to < n) {
            let left = [to];
            f(n - to, &left[..usize::from(to > 0)]);
        }
    }
}

/// How many amounts a move may take from `p`.
pub(crate) fn take_count(options: Options<'_>, p: &Nat) -> Nat {
    Nat::from(options(p).len() as u64)
}

/// The `k`-th amount (ascending).
pub(crate) fn nth_take(options: Options<'_>, p: &Nat, k: &Nat) -> Option<Nat> {
    let k = usize::try_from(k.to_u64()?).ok()?;
    options(p).get(k).and_then(|to| p.checked_sub(to))
}

/// Calls `f(take, left)` with the options of `p` with Grundy value `target`, in order, until
/// `f` breaks (as [`crate::heap::HeapGame::options_with_value`]).
pub(crate) fn options_with_value(
    options: Options<'_>,
    grundy: &dyn Fn(&Nat) -> Nat,
    p: &Nat,
    target: &Nat,
    f: &mut dyn FnMut(&Nat, &[Nat]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for to in options(p) {
        if &grundy(&to) != target {
            continue;
        }
        let take = p.saturating_sub(&to);
        let left = std::slice::from_ref(&to);
        if f(&take, &left[..usize::from(!to.is_zero())]).is_break() {
            return ControlFlow::Break(());
        }
    }
    ControlFlow::Continue(())
}

/// Checks that a move from a heap of `n` leaving `left` goes to one of its options (as
/// [`crate::heap::HeapGame::check_option`]).
///
/// # Errors
/// [`IllegalMove::NotAnOption`] under `rule`, [`IllegalMove::OnePileOnly`] for a split.
pub(crate) fn check_option(
    options: Options<'_>,
    n: &Nat,
    left: &[Nat],
    rule: MoveRule,
) -> Result<(), IllegalMove> {
    let to = match left {
        [] => Nat::ZERO,
        [to] => to.clone(),
        _ => return Err(IllegalMove::OnePileOnly { rule }),
    };
    if options(n).contains(&to) {
        Ok(())
    } else {
        Err(IllegalMove::NotAnOption {
            from: n.clone(),
            to,
            rule,
        })
    }
}

/// The least non-negative value not among `values` (mex).
pub(crate) fn mex(values: impl IntoIterator<Item = u8>) -> u8 {
    let mut seen = [false; 256];
    for v in values {
        seen[usize::from(v)] = true;
    }
    seen.iter().position(|s| !s).unwrap_or(255) as u8
}

/// The [`crate::heap::HeapGame`] methods every listed one-heap game shares, inside its
/// `impl HeapGame`: an option is checked against the list `$options` gives (under the move
/// rule `$rule`), any other move is refused as one-pile-only, a heap's winning moves take one
/// step to list, no longest game is known, and heaps are not a multiset (one heap is the
/// game's end).
macro_rules! listed_heap_methods {
    ($options:expr, $rule:expr) => {
        fn check_option(
            &self,
            n: &$crate::nat::Nat,
            _take: &$crate::nat::Nat,
            left: &[$crate::nat::Nat],
        ) -> Result<(), $crate::error::IllegalMove> {
            $crate::games::listed::check_option(&$options, n, left, $rule)
        }

        fn refuse_other(&self, _mv: &$crate::moves::Move) -> Option<$crate::error::IllegalMove> {
            Some($crate::error::IllegalMove::OnePileOnly { rule: $rule })
        }

        fn listing_work(&self, _n: &$crate::nat::Nat) -> u64 {
            1
        }

        fn longest_game(&self, _heaps: &[$crate::nat::Nat]) -> Option<$crate::nat::Nat> {
            None
        }

        fn heaps_are_a_multiset(&self) -> bool {
            false
        }
    };
}
pub(crate) use listed_heap_methods;
