//! An independent exhaustive search of heap games given by what a move does to one heap, the
//! oracle of `tests/it/user_rules.rs` (heap rules `rule:{…}` and the infinite octal code
//! 0.[7]).
//!
//! Each game is written here by hand from its meaning, sharing no code with the library and
//! reading no rule text: the divisor game (take a proper divisor of the heap), take a prime,
//! Grundy's game (break a heap into two unequal non-empty heaps), take 1 or 2 and break the
//! rest into two non-empty heaps, take an even amount or split into two heaps of the same
//! parity, take a divisor and break the rest in two, and a row of pins from which a move removes any run of consecutive pins (0.[7]);
//! beside them, for sums, Nim and Kayles (knock down one pin or two adjacent pins of a row).
//!
//! An option is the multiset of non-empty heaps a move leaves in the heap's place (ascending;
//! empty when nothing is left). The whole position's outcome is found by a memoised search of
//! its game tree (normal play: the player who cannot move loses; misère: wins), with no
//! theorem assumed; a heap's Grundy value is the mex over its options of the xor of the values
//! of the heaps each leaves.

use std::collections::{BTreeSet, HashMap};

/// A game of one heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Game {
    /// Take a divisor d of n with d < n.
    Divisor,
    /// Take a prime number of tokens.
    Prime,
    /// Break a heap into two unequal non-empty heaps.
    Grundy,
    /// Take 1 or 2, then break what is left into two non-empty heaps.
    TakeThenSplit,
    /// Take an even number of tokens, or break the heap into two heaps of the same parity.
    EvenOrParitySplit,
    /// Take a divisor d of n, then break what is left into two non-empty heaps.
    DivisorThenSplit,
    /// A row of pins: remove any run of one or more consecutive pins.
    Row,
    /// Take any positive number.
    Nim,
    /// A row of pins: knock down one pin or two adjacent pins.
    Kayles,
}

impl Game {
    /// The spec nimsolve reads it by.
    pub fn spec(self) -> &'static str {
        match self {
            Game::Divisor => "rule:{take t if t | n and t < n}",
            Game::Prime => "rule:{take t if t is prime}",
            Game::Grundy => "rule:{split a b if a != b}",
            Game::TakeThenSplit => "rule:{take t split a b if t <= 2}",
            Game::EvenOrParitySplit => "rule:{take t if t % 2 = 0; split a b if (a - b) % 2 = 0}",
            Game::DivisorThenSplit => "rule:{take t split a b if t | n}",
            Game::Row => "octal:0.[7]",
            Game::Nim => "nim",
            Game::Kayles => "kayles",
        }
    }

    /// Every option of a heap of `n`, each once.
    pub fn options(self, n: u64) -> BTreeSet<Vec<u64>> {
        let mut out = BTreeSet::new();
        let mut leave = |heaps: &[u64]| {
            let mut left: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
            left.sort_unstable();
            out.insert(left);
        };
        match self {
            Game::Divisor => {
                for d in 1..n {
                    if n.is_multiple_of(d) {
                        leave(&[n - d]);
                    }
                }
            }
            Game::Prime => {
                for p in 2..=n {
                    if (2..p).all(|q| p % q != 0) {
                        leave(&[n - p]);
                    }
                }
            }
            Game::Grundy => {
                for a in 1..n {
                    let b = n - a;
                    if a != b {
                        leave(&[a, b]);
                    }
                }
            }
            Game::TakeThenSplit => {
                for take in 1..=2u64.min(n) {
                    let rest = n - take;
                    for a in 1..rest {
                        leave(&[a, rest - a]);
                    }
                }
            }
            Game::EvenOrParitySplit => {
                for take in (2..=n).step_by(2) {
                    leave(&[n - take]);
                }
                for a in 1..n {
                    if a % 2 == (n - a) % 2 {
                        leave(&[a, n - a]);
                    }
                }
            }
            Game::DivisorThenSplit => {
                for d in 1..=n {
                    if n.is_multiple_of(d) {
                        let rest = n - d;
                        for a in 1..rest {
                            leave(&[a, rest - a]);
                        }
                    }
                }
            }
            Game::Row => {
                // Pins 0 … n − 1; remove pins start … start + len − 1.
                for start in 0..n {
                    for len in 1..=n - start {
                        leave(&[start, n - start - len]);
                    }
                }
            }
            Game::Nim => {
                for left in 0..n {
                    leave(&[left]);
                }
            }
            Game::Kayles => {
                for len in 1..=2u64.min(n) {
                    for start in 0..=n - len {
                        leave(&[start, n - start - len]);
                    }
                }
            }
        }
        out
    }
}

/// One component: a game and its heaps (heaps of 0 allowed: no move).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Comp {
    /// The game.
    pub game: Game,
    /// The heaps, in the order written.
    pub heaps: Vec<u64>,
}

/// A move: component (0-based), heap in it (0-based), the heaps left in its place.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleMove {
    /// The component.
    pub component: usize,
    /// The heap within it.
    pub heap: usize,
    /// The heaps left, ascending.
    pub leaves: Vec<u64>,
}

/// Every move of a position.
pub fn moves(pos: &[Comp]) -> Vec<RuleMove> {
    let mut out = Vec::new();
    for (ci, c) in pos.iter().enumerate() {
        for (hi, &h) in c.heaps.iter().enumerate() {
            for leaves in c.game.options(h) {
                out.push(RuleMove {
                    component: ci,
                    heap: hi,
                    leaves,
                });
            }
        }
    }
    out
}

/// The position after a move: the heap replaced by what it leaves (a 0 when nothing).
pub fn apply(pos: &[Comp], mv: &RuleMove) -> Vec<Comp> {
    let mut next = pos.to_vec();
    let put = if mv.leaves.is_empty() {
        vec![0]
    } else {
        mv.leaves.clone()
    };
    next[mv.component].heaps.splice(mv.heap..=mv.heap, put);
    next
}

type Key = Vec<(Game, Vec<u64>)>;

/// Each game with its non-empty heaps, sorted: positions of one key have one game tree.
fn key(pos: &[Comp]) -> Key {
    let mut by: HashMap<Game, Vec<u64>> = HashMap::new();
    for c in pos {
        by.entry(c.game)
            .or_default()
            .extend(c.heaps.iter().copied().filter(|&h| h > 0));
    }
    let mut key: Key = by
        .into_iter()
        .filter(|(_, h)| !h.is_empty())
        .map(|(g, mut h)| {
            h.sort_unstable();
            (g, h)
        })
        .collect();
    key.sort();
    key
}

/// A memoised searcher.
#[derive(Default)]
pub struct Oracle {
    wins: HashMap<(Key, bool), bool>,
    values: HashMap<Game, Vec<u64>>,
}

impl Oracle {
    /// A fresh oracle.
    pub fn new() -> Oracle {
        Oracle::default()
    }

    /// Whether the player to move wins, by searching the whole game tree.
    pub fn wins(&mut self, pos: &[Comp], misere: bool) -> bool {
        let k = (key(pos), misere);
        if let Some(&w) = self.wins.get(&k) {
            return w;
        }
        let canon: Vec<Comp> =
            k.0.iter()
                .map(|(game, heaps)| Comp {
                    game: *game,
                    heaps: heaps.clone(),
                })
                .collect();
        let options = moves(&canon);
        let w = if options.is_empty() {
            misere
        } else {
            options
                .iter()
                .any(|mv| !self.wins(&apply(&canon, mv), misere))
        };
        self.wins.insert(k, w);
        w
    }

    /// The moves after which the player to move loses.
    pub fn winning_moves(&mut self, pos: &[Comp], misere: bool) -> BTreeSet<RuleMove> {
        moves(pos)
            .into_iter()
            .filter(|mv| !self.wins(&apply(pos, mv), misere))
            .collect()
    }

    /// The Grundy value of a heap of `n`: the mex over its options of the xor of their heaps.
    pub fn heap_grundy(&mut self, game: Game, n: u64) -> u64 {
        let mut values = self.values.remove(&game).unwrap_or_default();
        while values.len() as u64 <= n {
            let h = values.len() as u64;
            let seen: BTreeSet<u64> = game
                .options(h)
                .iter()
                .map(|o| o.iter().fold(0, |x, &p| x ^ values[p as usize]))
                .collect();
            values.push((0..).find(|v| !seen.contains(v)).expect("a mex"));
        }
        let g = values[n as usize];
        self.values.insert(game, values);
        g
    }
}

/// The position as command-line arguments: each component's spec and heaps, `+` between.
pub fn args(pos: &[Comp]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in pos.iter().enumerate() {
        if i > 0 {
            out.push("+".into());
        }
        out.push(c.game.spec().to_string());
        out.extend(c.heaps.iter().map(u64::to_string));
    }
    out
}
