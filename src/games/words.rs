//! What a move does, as data the family gives and the printers word ([`MoveWords`]): a heap
//! game's take, a split, a take from both piles, or a family's own kind of move (a date, a
//! factor, a digit, a coin's step), each family's kind defined in the family's file.
//!
//! A printer matches every variant, so a new family's words are checked by the compiler in
//! every language.

use crate::games::coins::theory::CoinRule;
use crate::games::names::FamilyName;
use crate::games::{
    calendar, coins, digits, dynamic, euclid, hackenbush, kiki, multiply, slide, staircase,
};
use std::ops::Range;

use crate::moves::{Move, WordTake};
use crate::nat::Nat;
use crate::ruleset::Rules;

/// The words of a move of a family with words of its own, found by the family's name: `mv`
/// in the component of `rules` whose piles are `piles`, starting at `offset`; `None` to be
/// worded by the move's shape (a heap game, or a move the family does not word). The trait
/// layer names no family, so the words are found here, every name matched.
fn family_words(rules: &Rules, piles: &[Nat], offset: usize, mv: &Move) -> Option<MoveWords> {
    let to = || match mv {
        Move::To {
            pile,
            before,
            after,
        } => Some((*pile, before.as_slice(), after.as_slice())),
        _ => None,
    };
    let coin = |rule: CoinRule| {
        let (pile, before, after) = to()?;
        coins::move_words(rule, pile, before, after).map(MoveWords::CoinTurn)
    };
    match rules.name().key {
        FamilyName::Calendar => calendar::move_words(piles, mv).map(MoveWords::Date),
        FamilyName::Multiply => multiply::move_words(piles, mv).map(MoveWords::Multiply),
        FamilyName::Digits => digits::move_words(piles, mv).map(MoveWords::Digit),
        FamilyName::Kiki => kiki::move_words(piles, offset, mv).map(MoveWords::Coin),
        FamilyName::Staircase => {
            let (pile, before, after) = to()?;
            staircase::move_words(pile, before, after).map(MoveWords::Staircase)
        }
        FamilyName::TurningTurtles => coin(CoinRule::TurningTurtles),
        FamilyName::Twins => coin(CoinRule::Twins),
        FamilyName::MockTurtles => coin(CoinRule::MockTurtles),
        FamilyName::Ruler => coin(CoinRule::Ruler),
        FamilyName::TurningCorners => {
            let (pile, before, after) = to()?;
            coins::corner_words(pile, before, after).map(MoveWords::CoinTurn)
        }
        FamilyName::Slide => {
            let (pile, before, after) = to()?;
            slide::theory::read_move(pile, before, after).map(MoveWords::Slide)
        }
        FamilyName::Euclid => {
            let (pile, before, after) = to()?;
            euclid::read_move(pile, before, after).map(MoveWords::Euclid)
        }
        FamilyName::Hackenbush => {
            let (pile, before, after) = to()?;
            hackenbush::read_move(pile, before, after).map(MoveWords::Hackenbush)
        }
        FamilyName::Dynamic | FamilyName::FibonacciNim => dynamic_words(mv),
        FamilyName::Graph => {
            let (pile, before, after) = to()?;
            let (from, to) = match token_moved(before, after)? {
                // A loop leaves the tokens as they were: the one moved stands on a vertex
                // with an edge to itself.
                (v, w) if v == w => {
                    let looped = before.iter().find(|t| {
                        let Some(t64) = t.to_u64() else { return false };
                        let mut found = false;
                        rules.each_move(&[t64], 0, &mut |_, a| found |= a == [t64]);
                        found
                    });
                    let v = looped.unwrap_or(v);
                    (v, v)
                }
                moved => moved,
            };
            let name = |v: &Nat| {
                let mut out = Vec::new();
                rules.write_piles(std::slice::from_ref(v), &mut out);
                String::from_utf8_lossy(&out).into_owned()
            };
            Some(MoveWords::Token {
                pile,
                from: name(from),
                to: name(to),
            })
        }
        FamilyName::Nim
        | FamilyName::MaxTake
        | FamilyName::Subtract
        | FamilyName::SubtractPowersOfTwo
        | FamilyName::SubtractFibonacci
        | FamilyName::Wythoff
        | FamilyName::Octal
        | FamilyName::Kayles
        | FamilyName::DawsonsKayles
        | FamilyName::DawsonsChess
        | FamilyName::Officers
        | FamilyName::GrundysGame
        | FamilyName::LaskersNim
        | FamilyName::Rule
        | FamilyName::Moore => None,
    }
}

/// The words of a take of k-times dynamic subtraction: the next allowance over the take is k.
fn dynamic_words(mv: &Move) -> Option<MoveWords> {
    let Move::To {
        pile,
        before,
        after,
    } = mv
    else {
        return None;
    };
    let take = before.first()?.checked_sub(after.first()?)?;
    let k = after.get(1)?.to_biguint() / take.to_biguint().max(1u32.into());
    let k = Nat::from_biguint(k).to_u64()?;
    dynamic::read_move(k, *pile, before, after).map(MoveWords::Dynamic)
}

/// What `mv` does in the terms of the game of `rules`, for the printers to word: `piles` are
/// the component's piles before the move, standing at `offset` in the whole position, and `mv`
/// names piles of the whole position. A family without words of its own (a heap game, a split,
/// Wythoff's take from both piles) is worded by the move's shape ([`MoveWords::of_shape`]).
pub fn move_words(rules: &Rules, piles: &[Nat], offset: usize, mv: &Move) -> MoveWords {
    if let Some(words) = family_words(rules, piles, offset, mv) {
        return words;
    }
    MoveWords::of_shape(mv, piles, offset)
}

/// What `mv` does, in a position whose components are `components` (each its rules and the
/// range of its numbers in the whole position `piles`), worded as a person reads a sum: the
/// piles of the components that are not played as one whole state are the position's heaps,
/// numbered from 0 across the position (a staircase or a graph before them counts no pile), and
/// a move of a component played whole is [`MoveWords::In`] its component when there are
/// several, its numbers counted from its own first. `None` if no component holds the move's
/// first pile.
pub fn move_words_in<'a>(
    components: impl IntoIterator<Item = (&'a Rules, Range<usize>)>,
    piles: &[Nat],
    mv: &Move,
) -> Option<MoveWords> {
    let first = mv.piles().start;
    let components: Vec<(&Rules, Range<usize>)> = components.into_iter().collect();
    let several = components.len() > 1;
    let mut heaps_before = 0;
    for (index, (rules, range)) in components.iter().enumerate() {
        if range.contains(&first) {
            let own = piles.get(range.clone())?;
            let words = move_words(rules, own, range.start, mv);
            let start = range.start;
            if !rules.is_whole() {
                return Some(words.renumbered(&|p| p - start + heaps_before));
            }
            let words = words.renumbered(&|p| p.saturating_sub(start));
            return Some(if several {
                MoveWords::In {
                    component: index,
                    words: Box::new(words),
                }
            } else {
                words
            });
        }
        if !rules.is_whole() {
            heaps_before += range.len();
        }
    }
    None
}

/// The vertex a token leaves and the one it reaches, from the tokens before and after (in any
/// order); a loop leaves them as they were, any token then being the one moved.
fn token_moved<'a>(before: &'a [Nat], after: &'a [Nat]) -> Option<(&'a Nat, &'a Nat)> {
    if before.len() != after.len() || before.is_empty() {
        return None;
    }
    let mut b: Vec<&Nat> = before.iter().collect();
    let mut a: Vec<&Nat> = after.iter().collect();
    b.sort();
    a.sort();
    // The multiset differences, by a merge of the sorted lists.
    let (mut left, mut came) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    loop {
        match (b.get(i), a.get(j)) {
            (Some(x), Some(y)) if x == y => (i, j) = (i + 1, j + 1),
            (Some(x), Some(y)) if x < y => {
                left.push(*x);
                i += 1;
            }
            (Some(_) | None, Some(y)) => {
                came.push(*y);
                j += 1;
            }
            (Some(x), None) => {
                left.push(*x);
                i += 1;
            }
            (None, None) => break,
        }
    }
    match (left.as_slice(), came.as_slice()) {
        ([from], [to]) => Some((from, to)),
        ([], []) if a == b => Some((b[0], a[0])),
        _ => None,
    }
}

/// A move in the terms of its game. Piles are numbered from 0 across the whole position (people
/// number them from 1), so that a move of a sum names the pile it is made in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveWords {
    /// Take `from − to` from one heap, leaving `to`: `take 2 from pile 1 (3 → 1)`.
    Take {
        /// 0-based pile.
        pile: usize,
        /// The heap before.
        from: Nat,
        /// The heap after (smaller).
        to: Nat,
    },
    /// Take `take` (possibly none) from one heap and split what is left into `leaves`:
    /// `take 1 from pile 1 (10 → 3 + 6)`.
    Split {
        /// 0-based pile.
        pile: usize,
        /// The heap before.
        from: Nat,
        /// The amount taken (0 for a move that only splits).
        take: Nat,
        /// The heaps left, at least two, ascending.
        leaves: Vec<Nat>,
    },
    /// Take `take` from each of two piles, `pile` and `pile + 1`: `take 2 from both piles
    /// (4 6 → 2 4)`.
    Both {
        /// 0-based index of the first pile.
        pile: usize,
        /// The amount taken from each.
        take: Nat,
        /// The two piles before and after the move, when they are known (the move fits them).
        pair: Option<([Nat; 2], [Nat; 2])>,
    },
    /// A move of a whole component worded by nothing but the numbers before and after it (a
    /// family without words of its own): `move to 0 3 1`.
    Whole {
        /// 0-based index of the component's first number in the whole position.
        pile: usize,
        /// The numbers before.
        before: Vec<Nat>,
        /// The numbers after.
        after: Vec<Nat>,
    },
    /// The calendar game: a date moves to the next day or to the same day of the next month.
    Date(calendar::DateMove),
    /// The multiplication game: the number is multiplied by a factor of 2 to 9.
    Multiply(multiply::FactorMove),
    /// Digital deletions: a digit is lowered, or a 0 is erased with every digit after it.
    Digit(digits::DigitWords),
    /// Kiki's game: the coin steps down, left or diagonally.
    Coin(kiki::CoinMove),
    /// Staircase Nim: coins go down one step.
    Staircase(staircase::theory::StaircaseMove),
    /// Sliding pieces: one piece moves left.
    Slide(slide::theory::SlideMove),
    /// A coin-turning game: coins (or a rectangle's corners) are turned over.
    CoinTurn(coins::theory::CoinTurn),
    /// Euclid's game: a multiple of the smaller number subtracted from the larger.
    Euclid(euclid::EuclidMove),
    /// k-times dynamic subtraction: a take and the next allowance.
    Dynamic(dynamic::DynamicMove),
    /// Green Hackenbush: an edge cut, and the edges that fall with it.
    Hackenbush(hackenbush::HackenbushMove),
    /// A move of component `component` (0-based) of a sum, a component played as one whole
    /// state: `component 2: take 1 coin off step 1`.
    In {
        /// 0-based component number.
        component: usize,
        /// The move in its component's words, its numbers counted from the component's first.
        words: Box<MoveWords>,
    },
    /// Tokens on a graph: one token along one edge, named by its vertices.
    Token {
        /// 0-based index of the component's first number in the whole position.
        pile: usize,
        /// The vertex the token leaves.
        from: String,
        /// The vertex it reaches.
        to: String,
    },
}

impl MoveWords {
    /// These words with each pile number `p` the move names read as `number(p)`: the piles of
    /// the whole position as a person counts them ([`move_words_in`]). The words of a game
    /// played whole name no pile but [`MoveWords::Whole`]'s, and are left as they are.
    fn renumbered(mut self, number: &dyn Fn(usize) -> usize) -> MoveWords {
        match &mut self {
            MoveWords::Take { pile, .. }
            | MoveWords::Split { pile, .. }
            | MoveWords::Both { pile, .. }
            | MoveWords::Whole { pile, .. } => *pile = number(*pile),
            MoveWords::Date(d) => d.pile = number(d.pile),
            MoveWords::Multiply(m) => m.pile = number(m.pile),
            MoveWords::Digit(d) => match &mut d.change {
                digits::DigitMove::Lower { pile, .. } | digits::DigitMove::Erase { pile, .. } => {
                    *pile = number(*pile)
                }
            },
            MoveWords::Coin(c) => c.pile = number(c.pile),
            MoveWords::In { words, .. } => {
                let inner = std::mem::replace(
                    words.as_mut(),
                    MoveWords::Whole {
                        pile: 0,
                        before: Vec::new(),
                        after: Vec::new(),
                    },
                );
                **words = inner.renumbered(number);
            }
            MoveWords::Staircase(_)
            | MoveWords::Slide(_)
            | MoveWords::CoinTurn(_)
            | MoveWords::Euclid(_)
            | MoveWords::Dynamic(_)
            | MoveWords::Hackenbush(_)
            | MoveWords::Token { .. } => {}
        }
        self
    }

    /// The words of a take from one of `piles`, heaps that each fit in a machine word
    /// ([`crate::Ruleset::closed_sum_words`], whose families word their takes by shape).
    pub fn of_take(piles: &[u64], take: WordTake) -> MoveWords {
        MoveWords::Take {
            pile: take.pile,
            from: Nat::from(piles.get(take.pile).copied().unwrap_or_default()),
            to: Nat::from(take.to),
        }
    }

    /// The words of `mv` by its shape alone (a take, a split, a take from both piles), for a
    /// heap game or where no family is known; `piles` are the piles before the move of the
    /// component whose first pile stands at `offset` in the whole position (the pair of a
    /// move from both piles is read from them).
    pub fn of_shape(mv: &Move, piles: &[Nat], offset: usize) -> MoveWords {
        match mv {
            Move::To {
                pile,
                before,
                after,
            } => MoveWords::Whole {
                pile: *pile,
                before: before.clone(),
                after: after.clone(),
            },
            Move::Pile { pile, from, to } => MoveWords::Take {
                pile: *pile,
                from: from.clone(),
                to: to.clone(),
            },
            Move::Split {
                pile,
                from,
                take,
                leaves,
            } => MoveWords::Split {
                pile: *pile,
                from: from.clone(),
                take: take.clone(),
                leaves: leaves.clone(),
            },
            Move::Both { pile, take } => {
                let at = pile.wrapping_sub(offset);
                let pair = match piles.get(at..at.saturating_add(2)) {
                    Some([a, b]) => a
                        .checked_sub(take)
                        .zip(b.checked_sub(take))
                        .map(|(a2, b2)| ([a.clone(), b.clone()], [a2, b2])),
                    _ => None,
                };
                MoveWords::Both {
                    pile: *pile,
                    take: take.clone(),
                    pair,
                }
            }
        }
    }
}
