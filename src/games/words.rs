//! What a move does, as data the family gives and the printers word ([`MoveWords`]): a heap
//! game's take, a split, a take from both piles, or a family's own kind of move (a date, a
//! factor, a digit, a coin's step), each family's kind defined in the family's file.
//!
//! A printer matches every variant, so a new family's words are checked by the compiler in
//! every language.

use crate::games::coins::theory::CoinRule;
use crate::games::{
    calendar, coins, digits, dynamic, euclid, hackenbush, kiki, multiply, slide, staircase,
};
use std::ops::Range;

use crate::moves::Move;
use crate::nat::Nat;
use crate::ruleset::Rules;

/// The families with words of their own, by their name's key, each giving the words of a
/// move of its component (its piles, where they start, the move) or `None` to be worded by the
/// move's shape. A registry, like [`crate::games::FAMILIES`]: the trait layer names no family,
/// so the words are found here.
type Worder = fn(&[Nat], usize, &Move) -> Option<MoveWords>;
static WORDED: &[(&str, Worder)] = &[
    ("calendar", |p, _, mv| {
        calendar::move_words(p, mv).map(MoveWords::Date)
    }),
    ("multiply", |p, _, mv| {
        multiply::move_words(p, mv).map(MoveWords::Multiply)
    }),
    ("digits", |p, _, mv| {
        digits::move_words(p, mv).map(MoveWords::Digit)
    }),
    ("kiki", |p, o, mv| {
        kiki::move_words(p, o, mv).map(MoveWords::Coin)
    }),
    ("staircase", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => staircase::move_words(*pile, before, after).map(MoveWords::Staircase),
        _ => None,
    }),
    ("turning-turtles", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => coins::move_words(CoinRule::TurningTurtles, *pile, before, after)
            .map(MoveWords::CoinTurn),
        _ => None,
    }),
    ("twins", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => coins::move_words(CoinRule::Twins, *pile, before, after).map(MoveWords::CoinTurn),
        _ => None,
    }),
    ("mock-turtles", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => {
            coins::move_words(CoinRule::MockTurtles, *pile, before, after).map(MoveWords::CoinTurn)
        }
        _ => None,
    }),
    ("ruler", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => coins::move_words(CoinRule::Ruler, *pile, before, after).map(MoveWords::CoinTurn),
        _ => None,
    }),
    ("turning-corners", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => coins::corner_words(*pile, before, after).map(MoveWords::CoinTurn),
        _ => None,
    }),
    ("slide", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => slide::theory::read_move(*pile, before, after).map(MoveWords::Slide),
        _ => None,
    }),
    ("euclid", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => euclid::read_move(*pile, before, after).map(MoveWords::Euclid),
        _ => None,
    }),
    ("hackenbush", |_, _, mv| match mv {
        Move::To {
            pile,
            before,
            after,
        } => hackenbush::read_move(*pile, before, after).map(MoveWords::Hackenbush),
        _ => None,
    }),
    ("dynamic", |_, _, mv| dynamic_words(mv)),
    ("fibonacci-nim", |_, _, mv| dynamic_words(mv)),
];

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
    let key = rules.name().key;
    if key == "graph"
        && let Move::To {
            pile,
            before,
            after,
        } = mv
        && let Some((from, to)) = token_moved(before, after)
    {
        let name = |v: &Nat| {
            let mut out = Vec::new();
            rules.write_piles(std::slice::from_ref(v), &mut out);
            String::from_utf8_lossy(&out).into_owned()
        };
        return MoveWords::Token {
            pile: *pile,
            from: name(from),
            to: name(to),
        };
    }
    if let Some((_, worder)) = WORDED.iter().find(|(k, _)| *k == key)
        && let Some(words) = worder(piles, offset, mv)
    {
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
