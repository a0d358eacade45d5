//! The misère quotient of a heap game, learned heap by heap (Plambeck & Siegel, "Misère
//! quotients for impartial games", JCTA 115, 2008: the quotients Q_n of heaps 1..n are
//! computed for n = 1, 2, …, as A. Siegel's MisereSolver does; here each candidate is proven
//! by the check of its monoid of types before it is kept).
//!
//! # How a heap is added
//! Let Q be the proven quotient of heaps 1..h−1, φ its map on positions. Heap h either
//! behaves like an element of Q or brings a new generator x. In both cases the learner builds
//! one candidate, the bipartite monoid Q × ⟨x | xʲ⁺ᵖ = xʲ⟩ with the P-portion
//!
//! > (a, xᵏ) ∈ P ⟺ o⁻(X_a + k·h) = P,
//!
//! where X_a is a position of least height (its longest play) with φ(X_a) = a. Those outcomes
//! follow level by level: X_a + k·h has the options X_a′ + k·h, whose images have
//! representatives of smaller height (already known at level k), and X_a + (k−1)·h + h′ for the
//! options h′ of heap h (level k − 1). Level k is a function of level k − 1, so the levels are
//! eventually periodic, which gives j and p. The candidate is reduced (x and y identified when
//! xz ∈ P ⟺ yz ∈ P for every z, Moore's refinement) and then proven by [`check`](super::check) over
//! the types of heaps 1..h; a reduced candidate that passes is the misère quotient of heaps
//! 1..h (Plambeck–Siegel 2008: the quotient of a correct bipartite monoid by that relation is
//! the misère quotient).
//!
//! The construction assumes that heap h does not *split* Q: that X + k·h has one outcome for
//! every X of one class of Q, and that the powers of the smaller heaps keep the relations
//! they had. When the check refutes a candidate, it names a position the candidate gets
//! wrong; the heaps of that position are then *counted apart* (each a cyclic coordinate of
//! its own beside Q, its copies no longer merged into Q's classes), with spare powers when the
//! same heaps come back, and the candidate is built again. Then comes recalibration (below);
//! as a last resort the learner retries from earlier quotients, keeping the heaps in between
//! apart. Candidates are reduced
//! over the submonoid that the heaps' images generate. When nothing passes it reports
//! [`LearnError::NotFound`]; nothing unchecked is ever returned. When the quotient and the
//! images stay the same and the new heap's type (image and σ of its options, as [`check`](super::check)
//! sees it) is one the last check was given, the monoid of types is unchanged and that
//! check's proof stands.
//!
//! # Recalibration
//! When none of those candidates passes, the first one is *recalibrated*, as Siegel's
//! MisereSolver does (Plambeck–Siegel 2008; A. Siegel, on the MisereSolver blog, 2007: the
//! candidates' least failures increase, and each candidate is reduced on the way). The check's
//! wrong position W is followed down its game tree to a position F that the candidate gets
//! wrong while it gets every option of F right (outcomes of sums without heap h from the
//! proven quotient of heaps 1..h−1, the others by a bounded game-tree search; past that
//! bound, W itself). Then, for sets A of the heaps of F, fewest first, the candidate T is
//! rebuilt as R × C₁ × … × C_k: R the submonoid of T that the heaps outside A generate, one
//! cyclic monoid for each heap of A (room for its count in F). Each element of that product
//! takes the outcome of a position of least height with that image, from its options' images
//! (of smaller height, so already known); the product is reduced, and the first that gets F
//! right (or, past the bound, gives W a consistent type) is checked in turn. The check
//! proves the one kept; nothing unchecked is returned.
//!
//! # Reach
//! Misère 0.75 (8 elements), the tame subtraction games and misère Kayles (0.77: 40 elements
//! for heaps up to 150, the last growth at heap 27) are found. Dawson's Kayles (0.07) needs
//! recalibration from heap 25 on: its quotient of heaps up to 25 has 144 elements, that of
//! heaps up to 30 the 360 of Siegel's MisereSolver; Dawson's chess (0.137) has 520 for heaps
//! up to 30. Recalibration is bounded (48 recalibrated candidates in all).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use super::{Bipartite, CheckFailure, Elem, GameType, Monoid, TypeWalk};
use crate::games::subtraction::SubtractionSet;
use crate::games::take_and_break::theory::BreakRule;
use crate::nat::Nat;

/// The move rule of a heap game: what a move may leave of one heap.
pub trait HeapRule {
    /// The options of heap `n` (n ≥ 1), each as the heaps it leaves (sizes from 1 to n − 1, in
    /// any order; empty for a move that takes the whole heap).
    fn options(&self, n: usize) -> Vec<Vec<usize>>;
}

impl HeapRule for BreakRule {
    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let _ = self.each_option(n as u64, &mut |_, leaves| {
            out.push(leaves.iter().map(|&m| m as usize).collect());
            std::ops::ControlFlow::Continue(())
        });
        out
    }
}

impl HeapRule for SubtractionSet {
    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        self.amounts_up_to(&Nat::from(n))
            .iter()
            .filter_map(|a| a.to_u64())
            .map(|a| {
                let left = n - a as usize;
                if left == 0 { vec![] } else { vec![left] }
            })
            .collect()
    }
}

/// How far [`learn`] may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnLimits {
    /// The most elements of a quotient, and of a reduced candidate.
    pub elements: usize,
    /// The most types one [`check`](super::check) may walk.
    pub types: usize,
    /// The most steps of work in all (a step: one product in a monoid, roughly).
    pub work: u64,
    /// The most recalibrated candidates in all (module docs); 0 turns recalibration off, so
    /// that a heap no candidate built from stand-ins fits is refused at once.
    pub recalibrations: usize,
}

impl Default for LearnLimits {
    /// 4096 elements, 200 000 types, 4·10⁹ steps, 48 recalibrated candidates.
    fn default() -> LearnLimits {
        LearnLimits {
            elements: 4096,
            types: 200_000,
            work: 4_000_000_000,
            recalibrations: MAX_RECALIBRATIONS,
        }
    }
}

pub use crate::error::LearnError;

/// A proven quotient of heaps 1..=n.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Learned {
    /// The misère quotient of heaps 1..=n with its P-portion, proven by [`check`](super::check) for every
    /// sum of heaps 1..=n (reduced: it is the quotient itself).
    pub candidate: Bipartite,
    /// `images[h]` = φ(heap h), h = 0..=n (`images[0]` = 0, the identity).
    pub images: Vec<Elem>,
    /// The heaps at which the quotient grew, ascending.
    pub changes: Vec<usize>,
}

/// Learns the misère quotient of heaps 1..=`n` of `rule` ([module docs](self)).
///
/// # Errors
/// The [`LearnError`] of the first heap that could not be added.
pub fn learn(rule: &dyn HeapRule, n: usize, limits: &LearnLimits) -> Result<Learned, LearnError> {
    let mut learner = Learner::new(rule, *limits);
    while learner.heaps() < n {
        learner.add_heap()?;
    }
    Ok(learner.learned())
}

/// A proven stage: the quotient of heaps 1..=h and φ of each heap.
#[derive(Debug, Clone)]
struct Stage {
    quotient: Bipartite,
    images: Vec<Elem>,
}

/// The learner, one heap at a time: after each [`Learner::add_heap`] it holds the proven
/// misère quotient of heaps 1..=h.
pub(crate) struct Learner<'r> {
    rule: &'r dyn HeapRule,
    limits: LearnLimits,
    /// `options[h]`: the options of heap h, each as its heaps ascending, without repeats.
    options: Vec<Vec<Vec<usize>>>,
    /// `height[h]`: the length of the longest play of heap h.
    height: Vec<u64>,
    /// `stages[h]`: the proven quotient of heaps 1..=h.
    stages: Vec<Stage>,
    changes: Vec<usize>,
    work: u64,
    /// The types of the heaps of the last stage, which its check proved.
    proven: HashSet<HeapType>,
    /// The monoid of types the last stage's check walked, to be extended by a next heap over
    /// the same quotient and images.
    walk: Option<TypeWalk>,
    /// Whether a heap that no other candidate fits is recalibrated ([`Learner::recalibrated`]).
    recalibrate: bool,
    /// The recalibrated candidates still allowed ([`MAX_RECALIBRATIONS`] at first).
    recalibrations: usize,
}

/// A heap's type as the check sees it: its image, whether it has a move, and the set σ of z
/// such that some option's image times z lies in P.
type HeapType = (Elem, bool, Vec<u64>);

fn heap_type(q: &Bipartite, g: &GameType) -> HeapType {
    let n = q.monoid.len();
    let mut sigma = vec![0u64; n.div_ceil(64)];
    for z in 0..n as Elem {
        if g.options.iter().any(|&s| q.is_p(q.monoid.mul(s, z))) {
            sigma[z as usize / 64] |= 1 << (z % 64);
        }
    }
    (g.image, !g.options.is_empty(), sigma)
}

impl<'r> Learner<'r> {
    /// A learner of `rule` that knows heap 0 only (the trivial quotient).
    pub fn new(rule: &'r dyn HeapRule, limits: LearnLimits) -> Learner<'r> {
        Learner {
            rule,
            limits,
            options: vec![Vec::new()],
            height: vec![0],
            stages: vec![Stage {
                quotient: Bipartite {
                    monoid: Monoid::trivial(),
                    p: vec![false],
                },
                images: vec![0],
            }],
            changes: Vec::new(),
            work: 0,
            proven: HashSet::new(),
            walk: None,
            recalibrate: true,
            recalibrations: limits.recalibrations,
        }
    }

    /// Turns recalibration (module docs) on or off for the heaps added next (on at first).
    /// Without it, a heap that splits the quotient more than counting a few heaps apart
    /// mends is refused with [`LearnError::NotFound`], at once rather than after a search.
    pub(crate) fn set_recalibrate(&mut self, on: bool) {
        self.recalibrate = on;
    }

    /// The largest heap added.
    pub fn heaps(&self) -> usize {
        self.stages.len() - 1
    }

    /// The proven quotient of heaps 1..=[`Learner::heaps`].
    pub fn quotient(&self) -> &Bipartite {
        &self.last().quotient
    }

    /// φ(heap h) for h = 0..=[`Learner::heaps`].
    pub fn images(&self) -> &[Elem] {
        &self.last().images
    }

    /// The result so far.
    pub fn learned(&self) -> Learned {
        Learned {
            candidate: self.quotient().clone(),
            images: self.images().to_vec(),
            changes: self.changes.clone(),
        }
    }

    /// The game types of the quotient so far (what [`check`] takes).
    #[cfg(test)]
    fn games(&self) -> Vec<GameType> {
        game_types(&self.last().quotient, &self.last().images, &self.options)
    }

    fn last(&self) -> &Stage {
        self.stages.last().expect("stage 0 exists")
    }

    /// Adds the next heap and returns the proven quotient of heaps 1..=h.
    ///
    /// # Errors
    /// A [`LearnError`]; the learner then still holds the quotient of heaps 1..h−1.
    pub(crate) fn add_heap(&mut self) -> Result<&Bipartite, LearnError> {
        let h = self.stages.len();
        let mut opts: Vec<Vec<usize>> = Vec::new();
        for mut o in self.rule.options(h) {
            o.retain(|&m| m != 0);
            if let Some(&left) = o.iter().find(|&&m| m >= h) {
                return Err(LearnError::OptionTooLarge { heap: h, left });
            }
            o.sort_unstable();
            opts.push(o);
        }
        opts.sort();
        opts.dedup();
        let height = opts
            .iter()
            .map(|o| 1 + o.iter().map(|&m| self.height[m]).sum::<u64>())
            .max()
            .unwrap_or(0);
        self.options.push(opts);
        self.height.push(height);
        match self.find(h) {
            Ok(stage) => {
                if stage.quotient.monoid.len() > self.last().quotient.monoid.len() {
                    self.changes.push(h);
                }
                self.stages.push(stage);
                Ok(&self.last().quotient)
            }
            Err(e) => {
                self.options.pop();
                self.height.pop();
                Err(e)
            }
        }
    }

    /// The proven quotient of heaps 1..=h: from the quotient of heaps 1..h−1, or, when heap
    /// h splits it, from an earlier quotient with the heaps in between kept unreduced.
    fn find(&mut self, h: usize) -> Result<Stage, LearnError> {
        if self.options[h].is_empty() {
            // A heap without a move is the game 0.
            let mut stage = self.last().clone();
            stage.images.push(0);
            return Ok(stage);
        }
        // First heap h alone over the quotient of heaps below; then, while the check finds
        // a wrong position, the heaps of that position counted apart as well; then the first
        // candidate recalibrated (module docs); last, earlier quotients with the heaps in
        // between kept apart, with spare powers.
        let mut over: Option<LearnError> = None;
        let mut marked: Vec<usize> = Vec::new();
        let mut pad = 0;
        let mut first: Option<(Vec<usize>, Stage)> = None;
        loop {
            let built = self.build(h - 1, &marked, h, pad)?;
            match self.try_stage(h, built, &mut over)? {
                Tried::Proven(stage) => return Ok(stage),
                Tried::Wrong(witness, stage) => {
                    if first.is_none() {
                        first = Some((witness.clone(), stage));
                    }
                    let before = marked.len();
                    for i in witness {
                        let heap = i + 1;
                        if heap < h && !self.options[heap].is_empty() && !marked.contains(&heap) {
                            marked.push(heap);
                        }
                    }
                    marked.sort_unstable();
                    if marked.len() > MAX_MARKED {
                        break;
                    }
                    if marked.len() == before {
                        // The same heaps again: give their powers room.
                        pad += 1;
                        if pad > MAX_PAD {
                            break;
                        }
                    }
                }
                Tried::Other => break,
            }
        }
        // Then the first candidate recalibrated.
        if self.recalibrate
            && let Some((witness, stage)) = first
            && let Some(stage) = self.recalibrated(h, stage, &witness, &mut over)?
        {
            return Ok(stage);
        }
        let tries = (1..=MAX_PAD).flat_map(|pad| (0..h).rev().map(move |base| (base, pad)));
        let mut too_large = None;
        for (base, pad) in tries {
            if too_large.is_some_and(|(b, p)| pad == p && base < b) {
                continue;
            }
            let built = self.build(base, &[], h, pad)?;
            if matches!(built, Built::TooLarge) {
                too_large = Some((base, pad));
                continue;
            }
            if let Tried::Proven(stage) = self.try_stage(h, built, &mut over)? {
                return Ok(stage);
            }
        }
        Err(over.unwrap_or(LearnError::NotFound { heap: h }))
    }

    /// Checks a built candidate for heaps 1..=h (or skips the check when heap h's type is
    /// among those the last check was given, over the same quotient and images).
    fn try_stage(
        &mut self,
        h: usize,
        built: Built,
        over: &mut Option<LearnError>,
    ) -> Result<Tried, LearnError> {
        let stage = match built {
            Built::Stage(stage) => stage,
            Built::TooLarge => return Ok(Tried::Other),
            Built::TooManyElements => {
                over.get_or_insert(LearnError::TooManyElements {
                    heap: h,
                    limit: self.limits.elements,
                });
                return Ok(Tried::Other);
            }
        };
        let games = game_types(&stage.quotient, &stage.images, &self.options);
        self.charge(h, (games.len() * stage.quotient.monoid.len()) as u64)?;
        let last = self.last();
        let same = stage.quotient == last.quotient && stage.images[..h] == last.images[..];
        let t = heap_type(&stage.quotient, &games[h - 1]);
        if same && self.proven.contains(&t) {
            // The generating types are those the last check was given: the monoid of types
            // is the one it walked.
            return Ok(Tried::Proven(stage));
        }
        if same && let Some(mut walk) = self.walk.take() {
            // The monoid of types the last check closed, extended by heap h's type: a proof
            // for heaps 1..=h when no new type is wrong. A wrong one is found again by the
            // whole check below, as a position of fewest games.
            let before = walk.len();
            if let Ok(types) = walk.extend(&stage.quotient, &games, self.limits.types) {
                self.charge(h, ((types - before) * games.len() + before) as u64)?;
                self.proven.insert(t);
                self.walk = Some(walk);
                return Ok(Tried::Proven(stage));
            }
        }
        let mut walk = TypeWalk::new(&stage.quotient);
        match walk.extend(&stage.quotient, &games, self.limits.types) {
            Ok(types) => {
                self.charge(h, (types * games.len()) as u64)?;
                if same {
                    self.proven.insert(t);
                } else {
                    self.proven = games
                        .iter()
                        .map(|g| heap_type(&stage.quotient, g))
                        .collect();
                }
                self.walk = Some(walk);
                Ok(Tried::Proven(stage))
            }
            Err(CheckFailure::TooManyTypes { limit }) => {
                over.get_or_insert(LearnError::TooManyTypes { heap: h, limit });
                Ok(Tried::Other)
            }
            Err(CheckFailure::Wrong { witness, .. }) => Ok(Tried::Wrong(witness, stage)),
        }
    }

    /// Recalibration (Plambeck–Siegel 2008, as A. Siegel's MisereSolver does it): while the
    /// check refutes the candidate `stage` for heaps 1..=h with a position `witness`, some
    /// heaps of that position are taken apart from the candidate (module docs) and the
    /// candidate is built again, until one passes the check or none is found.
    fn recalibrated(
        &mut self,
        h: usize,
        mut stage: Stage,
        witness: &[usize],
        over: &mut Option<LearnError>,
    ) -> Result<Option<Stage>, LearnError> {
        let mut witness: Vec<usize> = witness.iter().map(|&i| i + 1).collect();
        let mut memo = Memo::default();
        while self.recalibrations > 0 {
            self.recalibrations -= 1;
            let (failure, truth) = match self.least_failure(h, &stage, &witness, &mut memo)? {
                Failure::Wrong(at, truth) => (at, Some(truth)),
                Failure::Right => return Ok(None),
                Failure::Unknown => (witness.clone(), None),
            };
            let Some(next) = self.recalibrate(h, &stage, &failure, truth, over)? else {
                return Ok(None);
            };
            match self.try_stage(h, Built::Stage(next), over)? {
                Tried::Proven(found) => return Ok(Some(found)),
                Tried::Wrong(w, s) => {
                    witness = w.iter().map(|&i| i + 1).collect();
                    stage = s;
                }
                Tried::Other => return Ok(None),
            }
        }
        Ok(None)
    }

    /// The outcome a candidate gives a sum of heaps: whether it is a P-position.
    fn predicted(s: &Stage, heaps: &[usize]) -> bool {
        let m = &s.quotient.monoid;
        s.quotient
            .is_p(m.product(heaps.iter().map(|&i| s.images[i])))
    }

    /// The options of a sum of heaps (ascending, heaps without a move left out), each
    /// ascending likewise.
    fn position_options(&self, heaps: &[usize]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (k, &g) in heaps.iter().enumerate() {
            if k > 0 && heaps[k - 1] == g {
                continue;
            }
            for o in &self.options[g] {
                let mut v: Vec<usize> = heaps[..k].to_vec();
                v.extend_from_slice(&heaps[k + 1..]);
                v.extend(o.iter().copied().filter(|&j| !self.options[j].is_empty()));
                v.sort_unstable();
                out.push(v);
            }
        }
        out
    }

    /// Whether a sum of heaps 1..=h (ascending, each with a move) is a P-position in misère
    /// play: by the proven quotient of heaps 1..h−1 when heap h is not in it, else from its
    /// options (a game-tree search, remembered in `memo`, trying first the options that the
    /// candidate `guide` calls P-positions).
    fn truth(
        &mut self,
        h: usize,
        heaps: &[usize],
        guide: &Stage,
        memo: &mut Memo,
        budget: &mut usize,
    ) -> Result<Option<bool>, LearnError> {
        if !heaps.contains(&h) {
            return Ok(Some(Learner::predicted(&self.stages[h - 1], heaps)));
        }
        if let Some(&p) = memo.get(heaps) {
            return Ok(Some(p));
        }
        if *budget == 0 {
            return Ok(None);
        }
        *budget -= 1;
        let mut options = self.position_options(heaps);
        self.charge(h, options.len() as u64)?;
        // The options the candidate calls P-positions first: one that is ends the search.
        options.sort_by_cached_key(|o| !Learner::predicted(guide, o));
        let mut p = true;
        for o in options {
            match self.truth(h, &o, guide, memo, budget)? {
                Some(true) => {
                    p = false;
                    break;
                }
                Some(false) => {}
                None => return Ok(None),
            }
        }
        memo.insert(heaps.to_vec(), p);
        Ok(Some(p))
    }

    /// A position in the game tree of `witness` (a sum the check refutes in the candidate
    /// `s`) that `s` gets wrong while it gets each of its options right, with its outcome
    /// (true for P); `None` when `s` gets the whole tree right.
    fn least_failure(
        &mut self,
        h: usize,
        s: &Stage,
        witness: &[usize],
        memo: &mut Memo,
    ) -> Result<Failure, LearnError> {
        let mut at: Vec<usize> = witness
            .iter()
            .copied()
            .filter(|&j| !self.options[j].is_empty())
            .collect();
        at.sort_unstable();
        let mut budget = TRUTH_BUDGET;
        'descend: loop {
            for o in self.position_options(&at) {
                match self.truth(h, &o, s, memo, &mut budget)? {
                    Some(t) if t != Learner::predicted(s, &o) => {
                        at = o;
                        continue 'descend;
                    }
                    Some(_) => {}
                    None => return Ok(Failure::Unknown),
                }
            }
            return Ok(match self.truth(h, &at, s, memo, &mut budget)? {
                Some(t) if t != Learner::predicted(s, &at) => Failure::Wrong(at, t),
                Some(_) => Failure::Right,
                None => Failure::Unknown,
            });
        }
    }

    /// One recalibration of the candidate `t` refuted by `witness` (heaps by index from heap
    /// 1): for sets A of the witness's heaps, fewest first, the product of the submonoid of
    /// `t` that the other heaps generate and a cyclic monoid for each heap of A, its P-portion
    /// marked from the options of a position of least height of each element, reduced. The
    /// first whose type of the witness is consistent (its image is in P iff it has a move
    /// and no option's image is in P) is returned.
    fn recalibrate(
        &mut self,
        h: usize,
        t: &Stage,
        failure: &[usize],
        truth: Option<bool>,
        over: &mut Option<LearnError>,
    ) -> Result<Option<Stage>, LearnError> {
        let mut exps = vec![0usize; h + 1];
        for &i in failure {
            exps[i] += 1;
        }
        let involved: Vec<usize> = (1..=h).filter(|&i| exps[i] > 0).collect();
        for size in 1..=involved.len().min(MAX_APART) {
            for apart in combinations(&involved, size) {
                for pad in 0..=MAX_PAD {
                    match self.build_apart(h, t, &apart, &exps, pad)? {
                        Built::Stage(s) => {
                            let fixed = match truth {
                                Some(t) => Learner::predicted(&s, failure) == t,
                                None => self.consistent(&s, failure),
                            };
                            if fixed {
                                return Ok(Some(s));
                            }
                        }
                        Built::TooLarge => break,
                        Built::TooManyElements => {
                            over.get_or_insert(LearnError::TooManyElements {
                                heap: h,
                                limit: self.limits.elements,
                            });
                            break;
                        }
                    }
                }
            }
        }
        Ok(None)
    }

    /// Whether the candidate `s` gives the sum of `heaps` a consistent type: its image is in
    /// P iff it has a move and no option's image is in P.
    fn consistent(&self, s: &Stage, heaps: &[usize]) -> bool {
        let options = self.position_options(heaps);
        let claimed = Learner::predicted(s, heaps);
        claimed == (!options.is_empty() && !options.iter().any(|o| Learner::predicted(s, o)))
    }

    /// The candidate for heaps 1..=h with the heaps of `apart` taken apart from `t`: the
    /// product R × C₁ × … × C_k of the submonoid R of `t` generated by the other heaps'
    /// images and a cyclic monoid ⟨x | x^(j+p) = x^j⟩ for each heap of `apart` (j at least the
    /// preperiod of its image's powers in `t` and its count in the witness, `exps`, plus
    /// `pad`; p the period, at least 2, even). Each element of the product is given the
    /// outcome of a position of least height (its longest play) with that image, from the
    /// images of that position's options, which have smaller height; then reduced.
    fn build_apart(
        &mut self,
        h: usize,
        t: &Stage,
        apart: &[usize],
        exps: &[usize],
        pad: usize,
    ) -> Result<Built, LearnError> {
        let q = &t.quotient;
        let tm = &q.monoid;
        let has_move: Vec<bool> = self.options.iter().map(|o| !o.is_empty()).collect();
        let moving = |i: &usize| has_move[*i];
        // R, breadth first from the identity.
        let mut rgens: Vec<Elem> = (1..=h)
            .filter(moving)
            .filter(|i| !apart.contains(i))
            .map(|i| t.images[i])
            .collect();
        rgens.sort_unstable();
        rgens.dedup();
        const UNREACHED: u32 = u32::MAX;
        let mut place = vec![UNREACHED; tm.len()];
        let mut order: Vec<Elem> = vec![0];
        place[0] = 0;
        let mut at = 0;
        while at < order.len() {
            let x = order[at];
            for &g in &rgens {
                let y = tm.mul(x, g);
                if place[y as usize] == UNREACHED {
                    place[y as usize] = order.len() as u32;
                    order.push(y);
                }
            }
            at += 1;
        }
        let r = order.len();
        let mut table = vec![0 as Elem; r * r];
        for (i, &x) in order.iter().enumerate() {
            for (j, &y) in order.iter().enumerate() {
                table[i * r + j] = place[tm.mul(x, y) as usize];
            }
        }
        self.charge(h, (r * r + r * rgens.len()) as u64)?;
        let rm = Monoid { len: r, table };
        let mut prod = Product {
            len: r,
            coords: Vec::new(),
        };
        let bound = self.limits.elements.saturating_mul(64);
        for &s in apart {
            let (pre, per) = power_shape(tm, t.images[s]);
            let start = pre.max(exps[s]) + pad;
            let period = per.max(2).next_multiple_of(2);
            let stride = prod.size();
            if stride.saturating_mul(start + period) > bound {
                return Ok(Built::TooLarge);
            }
            prod.coords.push(Coord {
                heap: s,
                stride,
                len: start + period,
                start,
                period,
            });
        }
        let size = prod.size();
        let mut heap_elem: Vec<usize> = vec![0; h + 1];
        for i in (1..=h).filter(moving) {
            heap_elem[i] = match apart.iter().position(|&s| s == i) {
                Some(c) => prod.coords[c].stride,
                None => place[t.images[i] as usize] as usize,
            };
        }
        // The options of each heap, as elements of the product.
        let opt_elems: Vec<Vec<usize>> = (0..=h)
            .map(|i| {
                let mut v: Vec<usize> = self.options[i]
                    .iter()
                    .map(|o| o.iter().fold(0, |acc, &j| prod.mul(&rm, acc, heap_elem[j])))
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        // Generators: each element of a heap once, by its heap of least height.
        let mut gens: Vec<(usize, u64, usize)> = Vec::new();
        for i in (1..=h).filter(moving) {
            let (e, w) = (heap_elem[i], self.height[i]);
            match gens.iter_mut().find(|g| g.0 == e) {
                Some(g) if g.1 > w => *g = (e, w, i),
                Some(_) => {}
                None => gens.push((e, w, i)),
            }
        }
        // Dijkstra by height; each element's outcome from the options of its position.
        let mut dist = vec![u64::MAX; size];
        let mut parent: Vec<(u32, u32)> = vec![(0, 0); size];
        let mut p = vec![false; size];
        let mut done = vec![false; size];
        let mut frontier = BinaryHeap::new();
        dist[0] = 0;
        frontier.push(Reverse((0u64, 0usize)));
        let mut steps = 0u64;
        let mut heaps: Vec<usize> = Vec::new();
        while let Some(Reverse((d, x))) = frontier.pop() {
            if done[x] {
                continue;
            }
            done[x] = true;
            if x != 0 {
                heaps.clear();
                let mut at = x;
                while at != 0 {
                    let (from, i) = parent[at];
                    heaps.push(i as usize);
                    at = from as usize;
                }
                heaps.sort_unstable();
                let mut some_p = false;
                'heaps: for (k, &g) in heaps.iter().enumerate() {
                    if k > 0 && heaps[k - 1] == g {
                        continue;
                    }
                    let rest = heaps
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != k)
                        .fold(0, |acc, (_, &i)| prod.mul(&rm, acc, heap_elem[i]));
                    for &o in &opt_elems[g] {
                        let y = prod.mul(&rm, rest, o);
                        debug_assert!(done[y], "an option has a smaller height");
                        if p[y] {
                            some_p = true;
                            break 'heaps;
                        }
                    }
                }
                steps += (heaps.len() * (heaps.len() + 4)) as u64;
                p[x] = !some_p;
            }
            for &(g, w, i) in &gens {
                let y = prod.mul(&rm, x, g);
                let nd = d + w;
                if nd < dist[y] {
                    dist[y] = nd;
                    parent[y] = (x as u32, i as u32);
                    frontier.push(Reverse((nd, y)));
                }
            }
            steps += gens.len() as u64;
        }
        self.charge(h, steps)?;
        self.reduce_product(h, &prod, &rm, &p, &heap_elem, None)
    }

    fn charge(&mut self, heap: usize, steps: u64) -> Result<(), LearnError> {
        self.work = self.work.saturating_add(steps);
        if self.work > self.limits.work {
            Err(LearnError::TooMuchWork {
                heap,
                limit: self.limits.work,
            })
        } else {
            Ok(())
        }
    }

    /// The reduced candidate for heaps 1..=h built on the proven quotient of heaps 1..=base:
    /// the product Q_base × C_{base+1} × … × C_h, a cyclic monoid ⟨x | xʲ⁺ᵖ = xʲ⟩ for each
    /// heap with a move, whose P-portion is found level by level (module docs), then reduced.
    /// The heaps of `marked` (at most `base`) get coordinates of their own too, before the
    /// heaps above `base`. [`Built::TooLarge`] when the product would be too large or a
    /// heap's powers do not repeat within 64.
    fn build(
        &mut self,
        base: usize,
        marked: &[usize],
        h: usize,
        pad: usize,
    ) -> Result<Built, LearnError> {
        let stage = &self.stages[base];
        let q = stage.quotient.clone();
        let qimages = stage.images.clone();
        let m = &q.monoid;
        let len = m.len();
        let bound = self.limits.elements.saturating_mul(16);
        // Generators of Q: each image of a heap once, by its heap of least height.
        let mut gens: Vec<(Elem, u64, usize)> = Vec::new();
        for (i, &e) in qimages.iter().enumerate().take(base + 1).skip(1) {
            if self.options[i].is_empty() {
                continue;
            }
            let w = self.height[i];
            match gens.iter_mut().find(|g| g.0 == e) {
                Some(g) if g.1 > w => *g = (e, w, i),
                Some(_) => {}
                None => gens.push((e, w, i)),
            }
        }
        // Representatives of least height, by Dijkstra from the identity.
        let mut dist = vec![u64::MAX; len];
        let mut parent: Vec<(Elem, usize)> = vec![(0, 0); len];
        let mut order: Vec<Elem> = Vec::with_capacity(len);
        let mut frontier = BinaryHeap::new();
        dist[0] = 0;
        frontier.push(Reverse((0u64, 0 as Elem)));
        while let Some(Reverse((d, a))) = frontier.pop() {
            if d > dist[a as usize] {
                continue;
            }
            order.push(a);
            for &(g, w, i) in &gens {
                let b = m.mul(a, g);
                let nd = d + w;
                if nd < dist[b as usize] {
                    dist[b as usize] = nd;
                    parent[b as usize] = (a, i);
                    frontier.push(Reverse((nd, b)));
                }
            }
        }
        self.charge(h, (len * gens.len().max(1)) as u64)?;
        let img = |heaps: &[usize]| m.product(heaps.iter().map(|&i| qimages[i]));
        let heap_opts: Vec<Vec<Elem>> = (0..=base)
            .map(|i| {
                let mut v: Vec<Elem> = self.options[i].iter().map(|o| img(o)).collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        // The images of the options of each representative X_a, in Q.
        let mut rep_opts: Vec<Vec<Elem>> = vec![Vec::new(); len];
        let mut steps = 0u64;
        for &a in &order[1..] {
            let mut heaps = Vec::new();
            let mut at = a;
            while at != 0 {
                let (from, i) = parent[at as usize];
                heaps.push(i);
                at = from;
            }
            heaps.sort_unstable();
            let mut v = Vec::new();
            for (k, &i) in heaps.iter().enumerate() {
                if k > 0 && heaps[k - 1] == i {
                    continue;
                }
                let rest = m.product(
                    heaps
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != k)
                        .map(|(_, &i)| qimages[i]),
                );
                v.extend(heap_opts[i].iter().map(|&o| m.mul(rest, o)));
                steps += (heaps.len() + heap_opts[i].len()) as u64;
            }
            v.sort_unstable();
            v.dedup();
            rep_opts[a as usize] = v;
        }
        self.charge(h, steps)?;
        // The product, coordinate by coordinate: an element is a + Σ e_c·stride_c.
        let mut prod = Product {
            len,
            coords: Vec::new(),
        };
        let mut p: Vec<bool> = q.p.clone();
        // heap_elem[j]: the element of heap j in the product (for heaps added so far).
        // Heaps of `marked` (at most base) are counted apart from Q as well: a copy of one is
        // a power of its own coordinate, not its image in Q.
        let mut heap_elem: Vec<usize> = (0..=h)
            .map(|j| if j <= base { qimages[j] as usize } else { 0 })
            .collect();
        let mut coord_opts: Vec<Vec<usize>> = Vec::new();
        for i in marked.iter().copied().chain(base + 1..=h) {
            if self.options[i].is_empty() {
                heap_elem[i] = 0;
                continue;
            }
            let size = prod.size();
            // The images of heap i's options in the product so far.
            let mut hopts: Vec<usize> = self.options[i]
                .iter()
                .map(|o| o.iter().fold(0, |acc, &j| prod.mul(m, acc, heap_elem[j])))
                .collect();
            hopts.sort_unstable();
            hopts.dedup();
            // Each element's options (other than those in heap i) and its height.
            let mut heights: Vec<(u64, usize)> = Vec::with_capacity(size);
            let mut offsets: Vec<usize> = Vec::with_capacity(size + 1);
            let mut flat: Vec<usize> = Vec::new();
            for x in 0..size {
                offsets.push(flat.len());
                let (a, e) = prod.split(x);
                let mut hgt = dist[a];
                let rest = x - a;
                flat.extend(rep_opts[a].iter().map(|&b| b as usize + rest));
                for (c, &ec) in e.iter().enumerate() {
                    hgt += ec as u64 * self.height[prod.coords[c].heap];
                    if ec > 0 {
                        let less = x - prod.coords[c].stride;
                        flat.extend(coord_opts[c].iter().map(|&o| prod.mul(m, less, o)));
                    }
                }
                heights.push((hgt, x));
            }
            offsets.push(flat.len());
            heights.sort_unstable();
            self.charge(h, (flat.len() + size * 4) as u64)?;
            let mut levels: Vec<Vec<bool>> = vec![p.clone()];
            let (start, period) = loop {
                let prev = levels.last().expect("level 0");
                let mut next = vec![false; size];
                for &(_, x) in &heights {
                    let some_p = flat[offsets[x]..offsets[x + 1]].iter().any(|&y| next[y])
                        || hopts.iter().any(|&o| prev[prod.mul(m, x, o)]);
                    next[x] = !some_p;
                }
                self.charge(h, (flat.len() + size * (hopts.len() + 1)) as u64)?;
                if let Some(j) = levels.iter().position(|l| *l == next) {
                    break (j, levels.len() - j);
                }
                levels.push(next);
                if levels.len() > 64 {
                    return Ok(Built::TooLarge);
                }
            };
            // Spare powers: a larger closure may tell apart powers this one identifies.
            let start = {
                let target = start + pad + period;
                while levels.len() < target {
                    let t = levels.len();
                    let again = levels[start + (t - start) % period].clone();
                    levels.push(again);
                }
                start + pad
            };
            let k = levels.len();
            if size.saturating_mul(k) > bound {
                return Ok(Built::TooLarge);
            }
            p = levels.concat();
            prod.coords.push(Coord {
                heap: i,
                stride: size,
                len: k,
                start,
                period,
            });
            let unit = size * Coord::cyc_of(k, start, period, 0, 1);
            heap_elem[i] = unit;
            coord_opts.push(hopts);
        }
        let keep = (base + 1 == h && marked.is_empty()).then_some(base);
        self.reduce_product(h, &prod, m, &p, &heap_elem, keep)
    }

    /// Reduces a product candidate (its P-portion `p`, the heaps' elements `heap_elem`) over
    /// the submonoid the heaps' elements generate, by Moore's refinement. With `keep` = the
    /// base stage of a product of the quotient of heaps 1..=base and one coordinate for heap
    /// base + 1, a reduction to as many classes as that quotient has keeps its numbering.
    fn reduce_product(
        &mut self,
        h: usize,
        prod: &Product,
        m: &Monoid,
        p: &[bool],
        heap_elem: &[usize],
        keep: Option<usize>,
    ) -> Result<Built, LearnError> {
        let len = prod.len;
        // The submonoid generated by the heaps' images, breadth first from the identity (with
        // marked heaps, part of the product is the image of no position).
        let size = prod.size();
        let mut pgens: Vec<usize> = heap_elem[1..].iter().copied().filter(|&x| x != 0).collect();
        pgens.sort_unstable();
        pgens.dedup();
        const UNREACHED: u32 = u32::MAX;
        let mut place: Vec<u32> = vec![UNREACHED; size];
        let mut order: Vec<usize> = vec![0];
        place[0] = 0;
        let mut at = 0;
        while at < order.len() {
            let x = order[at];
            for &g in &pgens {
                let y = prod.mul(m, x, g);
                if place[y] == UNREACHED {
                    place[y] = order.len() as u32;
                    order.push(y);
                }
            }
            at += 1;
        }
        self.charge(h, (order.len() * pgens.len()) as u64)?;
        // Moore's refinement of it by P and the generators.
        let mut block: Vec<u32> = order.iter().map(|&x| u32::from(p[x])).collect();
        let mut count = block.iter().collect::<HashSet<_>>().len();
        loop {
            let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
            let mut refined = Vec::with_capacity(order.len());
            for (i, &x) in order.iter().enumerate() {
                let mut key = Vec::with_capacity(pgens.len() + 1);
                key.push(block[i]);
                key.extend(
                    pgens
                        .iter()
                        .map(|&g| block[place[prod.mul(m, x, g)] as usize]),
                );
                let fresh = ids.len() as u32;
                refined.push(*ids.entry(key).or_insert(fresh));
            }
            self.charge(h, (order.len() * (pgens.len() + 1)) as u64)?;
            let stable = ids.len() == count;
            count = ids.len();
            block = refined;
            if stable {
                break;
            }
        }
        if count > self.limits.elements {
            return Ok(Built::TooManyElements);
        }
        let block_of = |x: usize| block[place[x] as usize];
        if let Some(base) = keep.filter(|_| count == len) {
            // Heap h is an element of Q (the classes of Q stay apart: Q is reduced and P
            // restricted to Q is its P-portion). Keep Q's numbering.
            let x = heap_elem[h];
            let e = (0..len)
                .find(|&e| block_of(e) == block_of(x))
                .expect("every class holds an element of Q");
            let mut stage = self.stages[base].clone();
            stage.images.push(e as Elem);
            return Ok(Built::Stage(stage));
        }
        // Number the classes in the order first reached.
        let mut number: Vec<Option<Elem>> = vec![None; count];
        let mut reps: Vec<usize> = Vec::with_capacity(count);
        for (i, &x) in order.iter().enumerate() {
            if number[block[i] as usize].is_none() {
                number[block[i] as usize] = Some(reps.len() as Elem);
                reps.push(x);
            }
        }
        let r = reps.len();
        let class = |x: usize| number[block_of(x) as usize].expect("every class is reached");
        let mut table = vec![0 as Elem; r * r];
        for (i, &x) in reps.iter().enumerate() {
            for (j, &y) in reps.iter().enumerate() {
                table[i * r + j] = class(prod.mul(m, x, y));
            }
        }
        self.charge(h, (r * r) as u64)?;
        let quotient = Bipartite {
            monoid: Monoid { len: r, table },
            p: reps.iter().map(|&x| p[x]).collect(),
        };
        let images = heap_elem.iter().map(|&x| class(x)).collect();
        Ok(Built::Stage(Stage { quotient, images }))
    }
}

/// What checking a built candidate gave.
enum Tried {
    /// It passed the check.
    Proven(Stage),
    /// The check found this position (heaps by index from heap 1) wrong in this candidate.
    Wrong(Vec<usize>, Stage),
    /// It was not built, or the check ran out of types.
    Other,
}

/// The outcomes of sums of heaps found by [`Learner::truth`].
type Memo = HashMap<Vec<usize>, bool, std::hash::BuildHasherDefault<WordHasher>>;

/// A multiplicative hash of machine words, for [`Memo`] (its keys are short sums of heaps).
#[derive(Default)]
struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// What the game tree of a refuted position says of a candidate.
enum Failure {
    /// This position is wrong in it, with this outcome (true for P), its options right.
    Wrong(Vec<usize>, bool),
    /// It gets every position of the tree right.
    Right,
    /// The search of the tree went past [`TRUTH_BUDGET`] positions.
    Unknown,
}

/// The most positions holding the new heap whose outcomes one search for a failure computes.
const TRUTH_BUDGET: usize = 30_000;

/// The most candidates recalibration tries in all, for all heaps (Dawson's Kayles to heap 30
/// takes 32): past them a heap is refused at once rather than after a long search.
const MAX_RECALIBRATIONS: usize = 48;

/// The most heaps of a refuted position taken apart at once in a recalibration.
const MAX_APART: usize = 3;

/// The preperiod j and period p of the powers of x: x^(j+p) = x^j, j and p least.
fn power_shape(m: &Monoid, x: Elem) -> (usize, usize) {
    let mut seen: HashMap<Elem, usize> = HashMap::new();
    let mut y = 0;
    for k in 0.. {
        if let Some(&j) = seen.get(&y) {
            return (j, k - j);
        }
        seen.insert(y, k);
        y = m.mul(y, x);
    }
    unreachable!("a finite monoid's powers repeat")
}

/// The subsets of `items` of `size` elements, in lexicographic order.
fn combinations(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (k, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[k + 1..], size - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// The most heaps counted apart from the quotient of heaps below.
const MAX_MARKED: usize = 12;

/// What [`Learner::build`] made.
enum Built {
    /// A candidate, to be checked.
    Stage(Stage),
    /// The product would exceed its bound, or a heap's powers did not repeat within 64: a
    /// larger product (an earlier base) would too.
    TooLarge,
    /// The reduced candidate has more elements than allowed.
    TooManyElements,
}

/// The most spare powers a heap gets in a retry.
const MAX_PAD: usize = 2;

/// A cyclic coordinate of a product: the powers of one heap, xʲ⁺ᵖ = xʲ.
struct Coord {
    heap: usize,
    stride: usize,
    len: usize,
    start: usize,
    period: usize,
}

impl Coord {
    /// The exponent of xⁱ·xʲ in ⟨x | x^(start+period) = x^start⟩ of `len` = start + period
    /// elements.
    #[inline]
    fn cyc_of(len: usize, start: usize, period: usize, i: usize, j: usize) -> usize {
        let s = i + j;
        if s < len {
            s
        } else {
            start + (s - start) % period
        }
    }
}

/// A monoid Q × C₁ × … × C_m, its elements numbered a + Σ e_c·stride_c.
struct Product {
    len: usize,
    coords: Vec<Coord>,
}

impl Product {
    fn size(&self) -> usize {
        self.coords.last().map_or(self.len, |c| c.stride * c.len)
    }

    /// The Q part and the exponents.
    fn split(&self, x: usize) -> (usize, Vec<usize>) {
        let e = self.coords.iter().map(|c| x / c.stride % c.len).collect();
        (x % self.len, e)
    }

    #[inline]
    fn mul(&self, m: &Monoid, x: usize, y: usize) -> usize {
        let mut out = m.mul((x % self.len) as Elem, (y % self.len) as Elem) as usize;
        for c in &self.coords {
            let (i, j) = (x / c.stride % c.len, y / c.stride % c.len);
            out += c.stride * Coord::cyc_of(c.len, c.start, c.period, i, j);
        }
        out
    }
}

/// The types of heaps 1..images.len()−1 under `images`: each heap's image and its options'.
fn game_types(q: &Bipartite, images: &[Elem], options: &[Vec<Vec<usize>>]) -> Vec<GameType> {
    (1..images.len())
        .map(|i| {
            let mut opts: Vec<Elem> = options[i]
                .iter()
                .map(|o| q.monoid.product(o.iter().map(|&j| images[j])))
                .collect();
            opts.sort_unstable();
            opts.dedup();
            GameType {
                image: images[i],
                options: opts,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::quotient::check;

    use crate::games::octal::parse_code;

    fn code(text: &str) -> BreakRule {
        BreakRule::new(parse_code(text).expect("a code"), 0, false)
    }

    fn learned(rule: &dyn HeapRule, n: usize) -> Learned {
        learn(rule, n, &LearnLimits::default()).expect("learned")
    }

    fn p_count(q: &Bipartite) -> usize {
        q.p.iter().filter(|&&p| p).count()
    }

    /// Misère 0.75 (Plambeck, "Taming the wild", INTEGERS 5, 2005): its quotient has 8
    /// elements and a P-portion of 2; heaps 1, 2 and 5 bring the generators.
    #[test]
    fn octal_075_has_plambecks_quotient() {
        let l = learned(&code("0.75"), 40);
        assert_eq!(l.candidate.monoid.len(), 8);
        assert_eq!(p_count(&l.candidate), 2);
        assert_eq!(l.changes, [1, 2, 5]);
    }

    /// Misère Kayles (0.77), wild from heap 9 on: the quotient of heaps up to 40 has 40
    /// elements, with P-portion 9 (proven by the check; tests/it/quotient.rs compares its
    /// outcomes with a game-tree search). Heap 9 needs heaps counted apart.
    #[test]
    fn kayles_quotient_to_40() {
        let l = learned(&code("0.77"), 40);
        assert_eq!(l.candidate.monoid.len(), 40);
        assert_eq!(p_count(&l.candidate), 9);
        assert_eq!(l.changes, [1, 2, 5, 9, 12, 25, 27]);
    }

    /// Take 1..3 is tame: its quotient is that of misère Nim on the Grundy values 0..3 that
    /// occur (Conway's T₂ of 6 elements, P-portion 2), heaps of one value share an image.
    #[test]
    fn take_three_is_misere_nim_on_values() {
        let rule = SubtractionSet::finite([1, 2, 3]).unwrap();
        let l = learned(&rule, 30);
        let tame = Bipartite::tame(2);
        let gens: Vec<Elem> = (0..4).map(Bipartite::tame_heap).collect();
        let t = super::super::reduce(&tame, &gens);
        assert_eq!(l.candidate.monoid.len(), t.quotient.monoid.len());
        assert_eq!(p_count(&l.candidate), p_count(&t.quotient));
        assert_eq!(l.candidate.monoid.len(), 6);
        for h in 1..=30 {
            assert_eq!(
                l.images[h],
                l.images[(h - 1) % 4 + 1],
                "heap {h} has value h mod 4"
            );
        }
        assert_eq!(l.changes, [1, 2]);
    }

    /// The incremental learner gives after each heap what learning to that heap gives, and
    /// each result passes the check.
    #[test]
    fn incremental_matches_whole() {
        let rule = code("0.77");
        let mut learner = Learner::new(&rule, LearnLimits::default());
        for n in 1..=14 {
            learner.add_heap().expect("added");
            let whole = learned(&rule, n);
            assert_eq!(learner.learned(), whole);
            assert!(check(learner.quotient(), &learner.games(), 1_000_000).is_ok());
        }
    }

    /// A rule that leaves a heap as large as the heap is refused, naming both.
    #[test]
    fn option_too_large_is_refused() {
        struct Grow;
        impl HeapRule for Grow {
            fn options(&self, n: usize) -> Vec<Vec<usize>> {
                vec![vec![n]]
            }
        }
        assert_eq!(
            learn(&Grow, 3, &LearnLimits::default()),
            Err(LearnError::OptionTooLarge { heap: 1, left: 1 })
        );
    }

    /// The limits are named when reached, and the learner keeps what it had.
    #[test]
    fn limits_are_named() {
        let rule = code("0.77");
        let small = LearnLimits {
            elements: 10,
            ..LearnLimits::default()
        };
        let mut learner = Learner::new(&rule, small);
        let err = loop {
            if let Err(e) = learner.add_heap() {
                break e;
            }
        };
        assert!(matches!(err, LearnError::TooManyElements { limit: 10, .. }));
        assert!(learner.quotient().monoid.len() <= 10);
        let work = LearnLimits {
            work: 1000,
            ..LearnLimits::default()
        };
        assert!(matches!(
            learn(&rule, 30, &work),
            Err(LearnError::TooMuchWork { limit: 1000, .. })
        ));
    }

    /// A heap without a move (subtraction {2, 3}, heap 1) is the identity.
    #[test]
    fn heap_without_move_is_identity() {
        let rule = SubtractionSet::finite([2, 3]).unwrap();
        let l = learned(&rule, 20);
        assert_eq!(l.images[1], 0);
        assert_eq!(l.candidate.monoid.len(), 6);
    }
}
