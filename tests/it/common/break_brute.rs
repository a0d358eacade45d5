//! An independent exhaustive search of take-and-break games and their sums, the oracle of
//! `tests/take_break.rs`.
//!
//! Everything here is written from the move rules alone and shares no code with the library
//! (nothing of `nimsolve` is used). A position is a list of components, each a multiset of
//! heaps under one rule; a move takes some tokens from one heap of one component and leaves
//! nothing, one heap, or breaks what is left into several non-empty heaps, which take the
//! heap's place. The rules:
//!
//! - an octal code d₀.d₁…dₜ: removing k tokens (0 ≤ k ≤ t) may leave no heap if bit 1 of dₖ is
//!   set and the heap held exactly k, one non-empty heap if bit 2 is set, two non-empty heaps
//!   if bit 4 is set, three if bit 8 is set;
//! - Grundy's game: break a heap into two unequal non-empty heaps, removing nothing;
//! - Lasker's Nim: take any positive number from a heap, or break it into two non-empty heaps;
//! - Nim, take 1..=K, and a finite subtraction set: take an allowed amount from a heap.
//!
//! The moves of a heap are listed as partitions of what is left into the number of parts the
//! digit allows (a generic partition enumerator, not a per-digit loop), and deduplicated: moves
//! leaving the same multiset of heaps from the same heap are one move.
//!
//! Two answers are computed, and the tests check that they agree where both are computed:
//!
//! - [`Oracle::wins`]: whether the player to move wins the WHOLE position, by a memoised
//!   recursion over its game tree (normal play: a player who cannot move loses; misère: wins).
//!   No theorem is assumed.
//! - [`Oracle::heap_grundy`]: a heap's normal-play Grundy value, the mex over its options, an
//!   option's value being the xor of the values of the heaps it leaves (the definition of the
//!   value of a take-and-break heap, Winning Ways ch. 4). [`Oracle::whole_grundy`] is the mex
//!   over the options of a whole position, with no xor anywhere, for small positions.
//!
//! Memo keys: a component's heaps may be reordered and its empty heaps (no moves) dropped; two
//! components under the same rule make one component holding both's heaps (the same game
//! tree); components may be reordered, and an empty one dropped.

use std::collections::{BTreeSet, HashMap};

/// A rule, from the move rules alone.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// An octal (or hexadecimal) code: its digits d₀, d₁, …, dₜ, and the name nimsolve knows
    /// it by, if the test writes it by name.
    Octal {
        /// d₀ … dₜ, each at most 15.
        digits: Vec<u8>,
        /// `kayles`, `dawsons-kayles`, … when written by name.
        name: Option<&'static str>,
    },
    /// Break a heap into two unequal non-empty heaps.
    GrundysGame,
    /// Take any positive number, or break a heap into two non-empty heaps.
    LaskersNim,
    /// Take any positive number.
    Nim,
    /// Take 1..=K (K ≥ 1).
    MaxTake(u64),
    /// Take an amount of the set (ascending, no 0, non-empty).
    Subtract(Vec<u64>),
    /// Digital deletions on a string of decimal digits, the heap written as the digit 1 and
    /// then the string: a move lowers one digit, or erases a 0 and every digit after it. A
    /// heap that does not start with 1 is no position (no move here).
    Digits,
}

/// The named octal games: keyword and code.
pub const NAMED: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("officers", "0.6"),
];

/// The digits of a code written `d0.d1d2…` (hexadecimal digits).
pub fn digits_of(code: &str) -> Vec<u8> {
    code.chars()
        .filter(|&c| c != '.')
        .map(|c| c.to_digit(16).expect("a hexadecimal digit") as u8)
        .collect()
}

impl Rule {
    /// The octal code `code`, written as `octal:CODE`.
    pub fn octal(code: &str) -> Rule {
        Rule::Octal {
            digits: digits_of(code),
            name: None,
        }
    }

    /// The named octal game `keyword` (one of [`NAMED`]).
    pub fn named(keyword: &'static str) -> Rule {
        let (_, code) = NAMED
            .iter()
            .find(|(k, _)| *k == keyword)
            .expect("a named code");
        Rule::Octal {
            digits: digits_of(code),
            name: Some(keyword),
        }
    }

    /// The code as written: `0.77`, `4.07`, `0.F`.
    pub fn code(digits: &[u8]) -> String {
        let hex = |d: &u8| {
            char::from_digit(u32::from(*d), 16)
                .expect("a digit")
                .to_ascii_uppercase()
        };
        let mut s: String = digits[..1].iter().map(hex).collect();
        s.push('.');
        s.extend(digits[1..].iter().map(hex));
        s
    }

    /// The spec in nimsolve's position grammar.
    pub fn spec(&self) -> String {
        match self {
            Rule::Octal {
                name: Some(name), ..
            } => (*name).to_string(),
            Rule::Octal { digits, name: None } => format!("octal:{}", Rule::code(digits)),
            Rule::GrundysGame => "grundys-game".into(),
            Rule::LaskersNim => "laskers-nim".into(),
            Rule::Nim => "nim".into(),
            Rule::MaxTake(k) => format!("max-take:{k}"),
            Rule::Subtract(set) => {
                let s: Vec<String> = set.iter().map(u64::to_string).collect();
                format!("subtract:{}", s.join(","))
            }
            Rule::Digits => "digits".into(),
        }
    }

    /// Whether a move may break a heap into three.
    pub fn breaks_in_three(&self) -> bool {
        matches!(self, Rule::Octal { digits, .. } if digits.iter().any(|d| d & 8 != 0))
    }

    /// Every option of a heap of `n`: the multiset of non-empty heaps the move leaves in its
    /// place (ascending; empty when it leaves nothing), each option once.
    pub fn options(&self, n: u64) -> BTreeSet<Vec<u64>> {
        let mut out = BTreeSet::new();
        // (taken, how many heaps are left) pairs allowed.
        let mut forms: Vec<(u64, usize)> = Vec::new();
        match self {
            Rule::Octal { digits, .. } => {
                for (k, &d) in digits.iter().enumerate() {
                    for (bit, parts) in [(1u8, 0usize), (2, 1), (4, 2), (8, 3)] {
                        if d & bit != 0 {
                            forms.push((k as u64, parts));
                        }
                    }
                }
            }
            Rule::GrundysGame => {
                if n >= 1 {
                    partitions(n, 2, &mut |p| {
                        if p[0] != p[1] {
                            out.insert(p.to_vec());
                        }
                    });
                }
                return out;
            }
            Rule::LaskersNim => {
                for k in 1..=n {
                    forms.push((k, 0));
                    forms.push((k, 1));
                }
                forms.push((0, 2));
            }
            Rule::Nim => (1..=n).for_each(|k| forms.extend([(k, 0), (k, 1)])),
            Rule::MaxTake(m) => (1..=n.min(*m)).for_each(|k| forms.extend([(k, 0), (k, 1)])),
            Rule::Subtract(set) => set.iter().for_each(|&k| forms.extend([(k, 0), (k, 1)])),
            Rule::Digits => {
                // On the string itself: the heap's decimal digits after the leading 1.
                let text = n.to_string();
                let Some(string) = text.strip_prefix('1') else {
                    return out;
                };
                let string: Vec<char> = string.chars().collect();
                let heap = |s: &[char]| -> u64 {
                    let written: String = std::iter::once('1').chain(s.iter().copied()).collect();
                    written.parse().expect("a number")
                };
                for i in 0..string.len() {
                    let d = string[i].to_digit(10).expect("a digit");
                    for lower in 0..d {
                        let mut s = string.clone();
                        s[i] = char::from_digit(lower, 10).expect("a digit");
                        out.insert(vec![heap(&s)]);
                    }
                    if d == 0 {
                        out.insert(vec![heap(&string[..i])]);
                    }
                }
                return out;
            }
        }
        for (k, parts) in forms {
            if k > n {
                continue;
            }
            partitions(n - k, parts, &mut |p| {
                out.insert(p.to_vec());
            });
        }
        out
    }
}

/// Calls `f` with every partition of `m` into exactly `parts` positive parts, ascending (the
/// empty partition of 0 into 0 parts included).
pub fn partitions(m: u64, parts: usize, f: &mut dyn FnMut(&[u64])) {
    fn go(left: u64, parts: usize, least: u64, acc: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
        if parts == 0 {
            if left == 0 {
                f(acc);
            }
            return;
        }
        if parts == 1 {
            // The last part is what is left (parts are ascending).
            if left >= least {
                acc.push(left);
                f(acc);
                acc.pop();
            }
            return;
        }
        let mut a = least;
        // The remaining parts are all at least a.
        while a * (parts as u64) <= left {
            acc.push(a);
            go(left - a, parts - 1, a, acc, f);
            acc.pop();
            a += 1;
        }
    }
    go(m, parts, 1, &mut Vec::new(), f);
}

/// One component: its rule and heaps, in order (heaps of 0 allowed; they have no move).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Comp {
    /// The rule.
    pub rule: Rule,
    /// The heaps, in the order written.
    pub heaps: Vec<u64>,
}

/// A move: which component (0-based), which heap of it (0-based), and the heaps it leaves in
/// that heap's place (ascending; empty for a move that leaves nothing).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BreakMove {
    /// The component, 0-based.
    pub component: usize,
    /// The heap within the component, 0-based.
    pub heap: usize,
    /// The heaps left in its place, ascending.
    pub leaves: Vec<u64>,
}

/// Every move of the position, component by component, heap by heap.
pub fn moves(pos: &[Comp]) -> Vec<BreakMove> {
    let mut out = Vec::new();
    for (ci, c) in pos.iter().enumerate() {
        for (hi, &h) in c.heaps.iter().enumerate() {
            for leaves in c.rule.options(h) {
                out.push(BreakMove {
                    component: ci,
                    heap: hi,
                    leaves,
                });
            }
        }
    }
    out
}

/// The position after a move: the heap replaced by what it leaves (nothing left: a heap of 0,
/// as nimsolve writes it).
pub fn apply(pos: &[Comp], mv: &BreakMove) -> Vec<Comp> {
    let mut next = pos.to_vec();
    let heaps = &mut next[mv.component].heaps;
    let put = if mv.leaves.is_empty() {
        vec![0]
    } else {
        mv.leaves.clone()
    };
    heaps.splice(mv.heap..=mv.heap, put);
    next
}

/// A memo key: each rule with its non-empty heaps, sorted.
type Key = Vec<(Rule, Vec<u64>)>;

/// The memo key of a position (see the module documentation).
fn key(pos: &[Comp]) -> Key {
    let mut by_rule: HashMap<&Rule, Vec<u64>> = HashMap::new();
    for c in pos {
        by_rule
            .entry(&c.rule)
            .or_default()
            .extend(c.heaps.iter().copied().filter(|&h| h > 0));
    }
    let mut key: Key = by_rule
        .into_iter()
        .filter(|(_, h)| !h.is_empty())
        .map(|(r, mut h)| {
            h.sort_unstable();
            (r.clone(), h)
        })
        .collect();
    key.sort();
    key
}

/// The total number of tokens of a position.
pub fn tokens(pos: &[Comp]) -> u64 {
    pos.iter().flat_map(|c| &c.heaps).sum()
}

/// The least natural number not in `seen`.
pub fn mex(seen: &BTreeSet<u64>) -> u64 {
    (0..).find(|v| !seen.contains(v)).expect("a finite set")
}

/// A memoised searcher; one may serve many positions.
#[derive(Default)]
pub struct Oracle {
    wins: HashMap<(Key, bool), bool>,
    whole: HashMap<Key, u64>,
    heap: HashMap<Rule, Vec<u64>>,
}

impl Oracle {
    /// A fresh oracle.
    pub fn new() -> Oracle {
        Oracle::default()
    }

    /// Whether the player to move wins `pos` (normal or misère play), by searching the whole
    /// game tree.
    pub fn wins(&mut self, pos: &[Comp], misere: bool) -> bool {
        let k = (key(pos), misere);
        if let Some(&w) = self.wins.get(&k) {
            return w;
        }
        // Search the canonical form, so that equal keys share their subtrees.
        let canon: Vec<Comp> =
            k.0.iter()
                .map(|(rule, heaps)| Comp {
                    rule: rule.clone(),
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

    /// The moves after which the player to move loses, by searching the whole game tree.
    pub fn winning_moves(&mut self, pos: &[Comp], misere: bool) -> BTreeSet<BreakMove> {
        moves(pos)
            .into_iter()
            .filter(|mv| !self.wins(&apply(pos, mv), misere))
            .collect()
    }

    /// The normal-play Grundy value of the whole position: the mex over its options (no xor).
    pub fn whole_grundy(&mut self, pos: &[Comp]) -> u64 {
        let k = key(pos);
        if let Some(&g) = self.whole.get(&k) {
            return g;
        }
        let canon: Vec<Comp> = k
            .iter()
            .map(|(rule, heaps)| Comp {
                rule: rule.clone(),
                heaps: heaps.clone(),
            })
            .collect();
        let seen: BTreeSet<u64> = moves(&canon)
            .iter()
            .map(|mv| self.whole_grundy(&apply(&canon, mv)))
            .collect();
        let g = mex(&seen);
        self.whole.insert(k, g);
        g
    }

    /// The Grundy value of a heap of `n` under `rule`: the mex over its options, each the xor
    /// of the heaps it leaves.
    pub fn heap_grundy(&mut self, rule: &Rule, n: u64) -> u64 {
        let mut values = self.heap.remove(rule).unwrap_or_default();
        while values.len() as u64 <= n {
            let h = values.len() as u64;
            let seen: BTreeSet<u64> = rule
                .options(h)
                .iter()
                .map(|o| o.iter().fold(0, |x, &p| x ^ values[p as usize]))
                .collect();
            values.push(mex(&seen));
        }
        let g = values[n as usize];
        self.heap.insert(rule.clone(), values);
        g
    }

    /// The Grundy value of a position as the xor of its heaps' values.
    pub fn xor_grundy(&mut self, pos: &[Comp]) -> u64 {
        let mut x = 0;
        for c in pos {
            for &h in &c.heaps {
                x ^= self.heap_grundy(&c.rule, h);
            }
        }
        x
    }

    /// The normal-play winning moves by the heaps' values: those leaving xor 0.
    pub fn xor_winning_moves(&mut self, pos: &[Comp]) -> BTreeSet<BreakMove> {
        let total = self.xor_grundy(pos);
        let mut out = BTreeSet::new();
        for mv in moves(pos) {
            let c = &pos[mv.component];
            let before = self.heap_grundy(&c.rule, c.heaps[mv.heap]);
            let after = mv
                .leaves
                .iter()
                .fold(0, |x, &h| x ^ self.heap_grundy(&c.rule, h));
            if total ^ before ^ after == 0 {
                out.insert(mv);
            }
        }
        out
    }
}

/// The position written in the position grammar, as command-line arguments: every component
/// with its spec, `+` between components.
pub fn args(pos: &[Comp]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in pos.iter().enumerate() {
        if i > 0 {
            out.push("+".into());
        }
        out.push(c.rule.spec());
        out.extend(c.heaps.iter().map(u64::to_string));
    }
    out
}
