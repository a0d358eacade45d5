//! An exhaustive search of compounds of games other than the sum, written from the compound
//! rules alone (Winning Ways, ch. 9) over small components, sharing no code with `src/`: it
//! plays the compound's own game tree (no remoteness, no suspense number), last player to move
//! wins.
//!
//! * conjunctive: a move moves in every component; no move is left once one has none;
//! * continued: a move moves in every component that has a move;
//! * selective: a move moves in any non-empty set of components.
//!
//! A component is a game and its heaps: Nim (take any number from one heap), a subtraction
//! game (take an amount of the set from one heap), Kayles (knock down one pin or two adjacent
//! pins of a row, which may leave two rows), Euclid's game (two numbers: take a positive
//! multiple of the smaller from the larger).

use std::collections::HashMap;

/// The game of a component.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Nim,
    Subtract(Vec<u64>),
    Kayles,
    /// Euclid's game on two numbers (HDU 3595's piles): take a positive multiple of the
    /// smaller from the larger; no move once one is 0.
    Euclid,
}

/// A component: its game and its heaps (sorted: heaps of one component are a multiset).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Part {
    pub kind: Kind,
    pub heaps: Vec<u64>,
}

/// The compound rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Conjunctive,
    Continued,
    Selective,
}

impl Rule {
    pub fn flag(self) -> &'static str {
        match self {
            Rule::Conjunctive => "conjunctive",
            Rule::Continued => "continued",
            Rule::Selective => "selective",
        }
    }
}

impl Part {
    fn new(kind: Kind, mut heaps: Vec<u64>) -> Part {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        Part { kind, heaps }
    }

    /// The component after each of its moves.
    pub fn options(&self) -> Vec<Part> {
        let mut out = Vec::new();
        if self.kind == Kind::Euclid {
            if let [x, y] = self.heaps[..] {
                for k in 1..=y / x {
                    out.push(Part::new(Kind::Euclid, vec![x, y - k * x]));
                }
            }
            return out;
        }
        for (i, &h) in self.heaps.iter().enumerate() {
            let mut rest = self.heaps.clone();
            rest.remove(i);
            let mut push = |left: &[u64]| {
                let mut heaps = rest.clone();
                heaps.extend_from_slice(left);
                out.push(Part::new(self.kind.clone(), heaps));
            };
            match &self.kind {
                Kind::Nim => (0..h).for_each(|to| push(&[to])),
                Kind::Subtract(set) => set
                    .iter()
                    .filter(|&&s| s <= h)
                    .for_each(|&s| push(&[h - s])),
                Kind::Euclid => unreachable!("Euclid's game is moved above"),
                Kind::Kayles => {
                    for k in 1..=2u64.min(h) {
                        for a in 0..=(h - k) {
                            push(&[a, h - k - a]);
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The component as the position grammar writes it.
    pub fn text(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(u64::to_string).collect();
        let spec = match &self.kind {
            Kind::Nim => "nim".to_string(),
            Kind::Subtract(set) => format!(
                "subtract:{}",
                set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            ),
            Kind::Kayles => "kayles".to_string(),
            Kind::Euclid => "euclid".to_string(),
        };
        if heaps.is_empty() {
            format!("{spec} 0")
        } else {
            format!("{spec} {}", heaps.join(" "))
        }
    }
}

/// A compound position written as `nimsolve` writes one (`max-take:2 3`, `3 4`, `kayles 1 1`,
/// `0`) read back, with the kinds of `like` (component by component).
pub fn read(text: &str, like: &[Part]) -> Vec<Part> {
    let comps: Vec<&str> = text.split(" + ").collect();
    assert_eq!(comps.len(), like.len(), "components of {text:?}");
    comps
        .iter()
        .zip(like)
        .map(|(c, l)| {
            let heaps = c.split(' ').filter_map(|t| t.parse::<u64>().ok()).collect();
            Part::new(l.kind.clone(), heaps)
        })
        .collect()
}

/// The compound's moves: every position one move away.
pub fn moves(rule: Rule, position: &[Part]) -> Vec<Vec<Part>> {
    let options: Vec<Vec<Part>> = position.iter().map(Part::options).collect();
    if rule == Rule::Conjunctive && options.iter().any(Vec::is_empty) {
        return Vec::new();
    }
    // Each component's choices: its options, and staying put where the rule allows it.
    let choices: Vec<Vec<Part>> = position
        .iter()
        .zip(&options)
        .map(|(p, o)| {
            let mut c = o.clone();
            let stay = match rule {
                Rule::Conjunctive => false,
                Rule::Continued => o.is_empty(),
                Rule::Selective => true,
            };
            if stay {
                c.push(p.clone());
            }
            c
        })
        .collect();
    let mut out = Vec::new();
    let mut pick = vec![0usize; position.len()];
    if choices.iter().any(Vec::is_empty) {
        return out;
    }
    loop {
        let next: Vec<Part> = pick
            .iter()
            .zip(&choices)
            .map(|(&k, c)| c[k].clone())
            .collect();
        if next.as_slice() != position {
            out.push(next);
        }
        let mut i = 0;
        while i < pick.len() {
            pick[i] += 1;
            if pick[i] < choices[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
        if i == pick.len() {
            break;
        }
    }
    out
}

/// Whether the player to move wins, memoised.
#[derive(Default)]
pub struct Oracle {
    memo: HashMap<(Rule, Vec<Part>), bool>,
}

impl Oracle {
    pub fn wins(&mut self, rule: Rule, position: &[Part]) -> bool {
        let key = (rule, position.to_vec());
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let w = moves(rule, position)
            .iter()
            .any(|next| !self.wins(rule, next));
        self.memo.insert(key, w);
        w
    }
}
