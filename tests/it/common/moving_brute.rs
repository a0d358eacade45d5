//! An independent exhaustive game-tree search for games whose pieces move (staircase Nim,
//! sliding pieces, Moore's Nim, k-times dynamic subtraction, Euclid's game) and for the compounds
//! other than the sum (conjunctive, continued, selective).
//!
//! Written from the move rules alone: nothing of the library is used, and no theorem is
//! assumed. A [`Piece`] is one component with its state; [`Piece::options`] lists the states one
//! move away, as the rule says. Outcomes, Grundy values and remoteness are memoised recursions
//! over the game tree. The self-test (`moving_selftest`) checks the theorems the library will
//! implement *against* this search.

use std::collections::HashMap;

/// One component of a game whose pieces move, with its position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Staircase Nim: `coins[i]` coins on step i + 1. A move takes k ≥ 1 coins from step i to
    /// step i − 1; coins taken from step 1 leave the staircase.
    Staircase(Vec<u64>),
    /// Sliding pieces on the cells 1, 2, … of a strip, at distinct cells (any order). A move
    /// shifts one piece left by at least one cell, neither passing nor landing on another
    /// piece, nor leaving the strip (POJ 1704).
    Slide(Vec<u64>),
    /// Moore's Nim_k: a move takes at least one object from each of between 1 and `k` piles.
    Moore { k: usize, piles: Vec<u64> },
    /// k-times dynamic subtraction: `n` stones, this move may take 1..=`most` of them (at most
    /// `n`); after a take t the next move may take 1..=`k`·t. The last take wins.
    Dynamic { k: u64, n: u64, most: u64 },
    /// Euclid's game on (a, b): subtract a positive multiple of the smaller number from the
    /// larger, staying at 0 or more. A position with a 0 has no move (who made the 0 won).
    Euclid(u64, u64),
}

impl Piece {
    /// The first position of a k-times dynamic subtraction game of `n` stones: the first move
    /// may take 1..=n − 1 (so that it cannot take everything).
    pub fn dynamic_start(k: u64, n: u64) -> Piece {
        Piece::Dynamic {
            k,
            n,
            most: n.saturating_sub(1),
        }
    }

    /// Every position one move away, as the move rule says (duplicates kept in the order the
    /// moves are listed).
    pub fn options(&self) -> Vec<Piece> {
        let mut out = Vec::new();
        match self {
            Piece::Staircase(coins) => {
                for (i, &c) in coins.iter().enumerate() {
                    for k in 1..=c {
                        let mut after = coins.clone();
                        after[i] -= k;
                        if i > 0 {
                            after[i - 1] += k;
                        }
                        out.push(Piece::Staircase(after));
                    }
                }
            }
            Piece::Slide(cells) => {
                for (i, &x) in cells.iter().enumerate() {
                    // The nearest piece to the left of x, if any, bounds the slide.
                    let wall = cells.iter().copied().filter(|&y| y < x).max().unwrap_or(0);
                    for to in wall + 1..x {
                        let mut after = cells.clone();
                        after[i] = to;
                        out.push(Piece::Slide(after));
                    }
                }
            }
            Piece::Moore { k, piles } => {
                // Every non-empty set of at most k piles, each reduced by at least one.
                let n = piles.len();
                for mask in 1u32..(1 << n) {
                    if mask.count_ones() as usize > *k
                        || (0..n).any(|i| mask >> i & 1 == 1 && piles[i] == 0)
                    {
                        continue;
                    }
                    let chosen: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
                    let mut after = piles.clone();
                    each_reduction(&chosen, 0, &mut after, piles, &mut |a| {
                        out.push(Piece::Moore {
                            k: *k,
                            piles: a.to_vec(),
                        })
                    });
                }
            }
            Piece::Dynamic { k, n, most } => {
                for t in 1..=(*most).min(*n) {
                    out.push(Piece::Dynamic {
                        k: *k,
                        n: n - t,
                        most: k * t,
                    });
                }
            }
            Piece::Euclid(a, b) => {
                let (big, small) = if a >= b { (*a, *b) } else { (*b, *a) };
                if small > 0 {
                    let mut m = 1;
                    while m * small <= big {
                        out.push(Piece::Euclid(big - m * small, small));
                        m += 1;
                    }
                }
            }
        }
        out
    }
}

/// Calls `f` with `after` for every way of reducing each pile of `chosen[at..]` by at least 1.
fn each_reduction(
    chosen: &[usize],
    at: usize,
    after: &mut Vec<u64>,
    piles: &[u64],
    f: &mut dyn FnMut(&[u64]),
) {
    let Some(&i) = chosen.get(at) else {
        f(after);
        return;
    };
    for left in 0..piles[i] {
        after[i] = left;
        each_reduction(chosen, at + 1, after, piles, f);
    }
    after[i] = piles[i];
}

/// How the components of a position are played together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compound {
    /// The sum: a move is a move in exactly one component.
    Disjunctive,
    /// A move is a move in every component; the game ends when any component has no move.
    Conjunctive,
    /// A move is a move in every component that still has one; the game ends when none has
    /// (Every-SG, HDU 3595).
    Continued,
    /// A move is a move in any non-empty set of components.
    Selective,
}

/// The positions one move away from `position` under `compound`.
pub fn compound_options(position: &[Piece], compound: Compound) -> Vec<Vec<Piece>> {
    let options: Vec<Vec<Piece>> = position.iter().map(Piece::options).collect();
    let mut out = Vec::new();
    match compound {
        Compound::Disjunctive => {
            for (i, opts) in options.iter().enumerate() {
                for o in opts {
                    let mut next = position.to_vec();
                    next[i] = o.clone();
                    out.push(next);
                }
            }
        }
        Compound::Conjunctive => {
            if options.iter().all(|o| !o.is_empty()) {
                let all: Vec<usize> = (0..position.len()).collect();
                products(position, &options, &all, &mut out);
            }
        }
        Compound::Continued => {
            let movable: Vec<usize> = (0..position.len())
                .filter(|&i| !options[i].is_empty())
                .collect();
            if !movable.is_empty() {
                products(position, &options, &movable, &mut out);
            }
        }
        Compound::Selective => {
            let n = position.len();
            for mask in 1u32..(1 << n) {
                let set: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
                if set.iter().all(|&i| !options[i].is_empty()) {
                    products(position, &options, &set, &mut out);
                }
            }
        }
    }
    out
}

/// Every position with each component of `set` replaced by one of its options.
fn products(position: &[Piece], options: &[Vec<Piece>], set: &[usize], out: &mut Vec<Vec<Piece>>) {
    let mut current = position.to_vec();
    fn go(
        at: usize,
        set: &[usize],
        options: &[Vec<Piece>],
        current: &mut Vec<Piece>,
        out: &mut Vec<Vec<Piece>>,
    ) {
        let Some(&i) = set.get(at) else {
            out.push(current.clone());
            return;
        };
        let keep = current[i].clone();
        for o in &options[i] {
            current[i] = o.clone();
            go(at + 1, set, options, current, out);
        }
        current[i] = keep;
    }
    go(0, set, options, &mut current, out);
}

/// A memoised search of positions of one compound.
#[derive(Default)]
pub struct MovingOracle {
    wins: HashMap<(Vec<Piece>, bool, u8), bool>,
    grundy: HashMap<Piece, u64>,
    remoteness: HashMap<(Vec<Piece>, bool, u8), u64>,
}

fn tag(compound: Compound) -> u8 {
    compound as u8
}

impl MovingOracle {
    /// Whether the player to move wins `position` under `compound`; `misere`: the player who
    /// cannot move wins (the last mover loses).
    pub fn mover_wins(&mut self, position: &[Piece], compound: Compound, misere: bool) -> bool {
        let key = (position.to_vec(), misere, tag(compound));
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let options = compound_options(position, compound);
        let w = if options.is_empty() {
            misere
        } else {
            options
                .iter()
                .any(|o| !self.mover_wins(o, compound, misere))
        };
        self.wins.insert(key, w);
        w
    }

    /// The positions one move away that are lost for the player then to move.
    pub fn winning_options(
        &mut self,
        position: &[Piece],
        compound: Compound,
        misere: bool,
    ) -> Vec<Vec<Piece>> {
        compound_options(position, compound)
            .into_iter()
            .filter(|o| !self.mover_wins(o, compound, misere))
            .collect()
    }

    /// The Grundy value of one component: the mex of its options' values.
    pub fn grundy(&mut self, piece: &Piece) -> u64 {
        if let Some(&g) = self.grundy.get(piece) {
            return g;
        }
        let values: Vec<u64> = piece.options().iter().map(|o| self.grundy(o)).collect();
        let g = (0..).find(|v| !values.contains(v)).unwrap_or(0);
        self.grundy.insert(piece.clone(), g);
        g
    }

    /// Smith's remoteness of `position` under `compound` and normal play (misère: `misere`):
    /// 0 without a move; else 1 + the least remoteness of an option lost for its player to move
    /// if there is one, otherwise 1 + the largest remoteness of any option.
    pub fn remoteness(&mut self, position: &[Piece], compound: Compound, misere: bool) -> u64 {
        let key = (position.to_vec(), misere, tag(compound));
        if let Some(&r) = self.remoteness.get(&key) {
            return r;
        }
        let options = compound_options(position, compound);
        let r = if options.is_empty() {
            0
        } else {
            let mut fastest: Option<u64> = None;
            let mut slowest = 0;
            for o in &options {
                let ro = self.remoteness(o, compound, misere);
                slowest = slowest.max(ro);
                if !self.mover_wins(o, compound, misere) {
                    fastest = Some(fastest.map_or(ro, |f| f.min(ro)));
                }
            }
            1 + fastest.unwrap_or(slowest)
        };
        self.remoteness.insert(key, r);
        r
    }
}
