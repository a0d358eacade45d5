//! Misère play beyond Nim: what decides a sum of heaps when the last player to move loses.
//!
//! Three methods, tried in order; the exhaustive search of [`crate::engine::game`] stays the
//! fallback.
//!
//! * **The misère Nim rule on Grundy values, proven for every size** ([`Method::KnownTame`]):
//!   Nim heaps (Bouton 1901) and heaps of the game "take at most K" (the Bash game). A sum of
//!   such heaps, each with its own K (K = ∞ for a Nim heap), with values rᵢ = nᵢ mod (Kᵢ + 1),
//!   is a P-position iff either every rᵢ ≤ 1 and an odd number are 1, or some rᵢ ≥ 2 and the
//!   nim-sum of the rᵢ is 0. *Proof*, by induction on the position. With every rᵢ ≤ 1 and an
//!   odd number of ones, a move changes one rᵢ to r′ ≠ rᵢ: to r′ ≥ 2 it leaves a nim-sum ≥ 2,
//!   to r′ ≤ 1 an even number of ones, an N-position either way; with an even number of ones,
//!   taking 1 from a heap of r = 1, or K from a heap of r = 0 and n > K, leaves an odd number,
//!   and a position without a move is an N-position. With some rᵢ ≥ 2 and nim-sum 0 there are
//!   two such heaps, so a move leaves one of them and a nim-sum ≠ 0. With nim-sum x ≠ 0 and
//!   two heaps of r ≥ 2, take rᵢ − (rᵢ ⊕ x) from a heap with rᵢ ⊕ x < rᵢ; with one heap of
//!   r ≥ 2, take it down to the residue 0 or 1 that makes the number of ones odd: each amount
//!   is at most rᵢ ≤ Kᵢ. One heap of take 1..K is therefore a P-position iff n ≡ 1 (mod K + 1).
//! * **Tame heaps** ([`Method::Tame`], Conway, On Numbers and Games ch. 12): heaps whose sums
//!   follow the same rule on their Grundy values. Never assumed: it is *proven* for the heaps
//!   of a position by the check of [`crate::engine::quotient`] on the candidate "φ(heap) = the
//!   class of the Nim heap of its Grundy value" in misère Nim's quotient, for all heaps of a family
//!   at once when its Grundy sequence has a proven period (the types of heaps repeat from
//!   `parts·pre + (parts − 1)·period + t` on, the argument of Guy and Smith 1956).
//! * **Misère quotients** ([`Method::Quotient`], Plambeck 2005, Plambeck–Siegel 2008) for wild
//!   heaps, from the learner of [`crate::engine::quotient`].

use std::ops::ControlFlow;

use crate::engine::quotient::learn::{HeapRule, LearnError, LearnLimits, Learner};
use crate::engine::quotient::{self, Bipartite, CheckFailure, Elem, GameType, Presentation};
use crate::error::{NoQuotientWhy, SolveError};
use crate::moves::Move;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::HeapShape;
use crate::ruleset::Rules;

/// Which theory decided a misère position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The misère Nim rule on Grundy values, the heaps known tame: proven for every heap of
    /// these families by a theorem (Nim, take at most K).
    KnownTame,
    /// The misère Nim rule on Grundy values, the heaps proven tame by the quotient check.
    Tame,
    /// A misère quotient (Plambeck–Siegel), proven by the quotient check.
    Quotient,
}

/// The misère Nim rule on Grundy values: whether heaps of these values are a P-position
/// (every value ≤ 1 and an odd number of ones, or some value ≥ 2 and nim-sum 0).
pub(crate) fn tame_is_p(values: &[Nat]) -> bool {
    let big = values.iter().any(|v| v > &Nat::ONE);
    if big {
        let mut x = Nat::ZERO;
        for v in values {
            x.xor_assign(v);
        }
        x.is_zero()
    } else {
        values.iter().filter(|v| *v == &Nat::ONE).count() % 2 == 1
    }
}

/// Under the misère Nim rule on Grundy values: for each heap, the value it must be moved to
/// for the sum to become a P-position, `None` when that is the value it has (the position is
/// then a P-position already). Whether a move of the heap reaches the value is the family's
/// business: a Nim heap only moves down.
pub(crate) fn tame_targets(values: &[Nat]) -> Vec<Option<Nat>> {
    let mut x = Nat::ZERO;
    let mut big = 0usize;
    let mut ones = 0usize;
    for v in values {
        x.xor_assign(v);
        if v > &Nat::ONE {
            big += 1;
        } else if v == &Nat::ONE {
            ones += 1;
        }
    }
    values
        .iter()
        .map(|v| {
            let is_big = v > &Nat::ONE;
            let rest_big = big - usize::from(is_big) > 0;
            let target = if rest_big {
                // The others keep a heap of value ≥ 2: nim-sum 0.
                x.xor(v)
            } else {
                // No other heap of value ≥ 2: 0 or 1, making the number of ones odd.
                let rest_ones = ones - usize::from(v == &Nat::ONE);
                Nat::from(u64::from(rest_ones.is_multiple_of(2)))
            };
            (&target != v).then_some(target)
        })
        .collect()
}

/// How the heaps of one family map into a quotient. A heap is one pile of a heap game, or the
/// whole component of a family whose components are a fixed number of piles (a Wythoff pair).
#[derive(Debug, Clone)]
pub struct HeapMap {
    /// The family.
    pub rules: Rules,
    /// The class of each heap checked: heap h at `h`; a pair (a, b) with a, b ≤ `bound`, in
    /// the family's canonical order, at a·(bound + 1) + b.
    pub images: Vec<Elem>,
    /// The preperiod and period of the map of a heap game, proven for every heap (the types
    /// of heaps repeat from `repeat` on, and heaps up to `repeat + period` were checked).
    pub period: Option<(u64, u64)>,
    /// The piles of one heap (1, or 2 for a pair).
    atom_len: usize,
    /// The largest pile checked.
    bound: u64,
    repeat: u64,
}

impl HeapMap {
    /// The largest pile checked.
    pub fn checked(&self) -> u64 {
        self.bound
    }

    /// The piles of one heap of the family: 1 for a heap game, 2 for a pair.
    pub fn atom_len(&self) -> usize {
        self.atom_len
    }

    /// The class of a heap of `h` (a heap game), `None` beyond the heaps checked without a
    /// period.
    pub fn image(&self, h: &Nat) -> Option<Elem> {
        self.image_of(std::slice::from_ref(h))
    }

    /// The class of one heap given by its piles (one pile, or a pair); `None` for a size that
    /// is no position of the family.
    pub(crate) fn image_of(&self, atom: &[Nat]) -> Option<Elem> {
        if self.atom_len == 1 {
            if atom[0]
                .to_u64()
                .is_some_and(|h| h > 0 && !self.rules.is_heap(h))
            {
                return None;
            }
            let (stand_in, _) = self.stand_in(&atom[0])?;
            return Some(self.images[stand_in as usize]);
        }
        let mut small: Vec<u64> = Vec::with_capacity(atom.len());
        for p in atom {
            small.push(p.to_u64().filter(|&v| v <= self.bound)?);
        }
        self.rules.canonical_atom(&mut small);
        Some(self.images[index(&small, self.bound)])
    }

    /// The class of a component: the product of its heaps' classes.
    pub fn component_image(
        &self,
        q: &crate::engine::quotient::Monoid,
        piles: &[Nat],
    ) -> Option<Elem> {
        let mut acc = 0;
        for atom in piles.chunks(self.atom_len) {
            acc = q.mul(acc, self.image_of(atom)?);
        }
        Some(acc)
    }

    /// A checked heap of the same type as `h` (its options have the same images), and how
    /// much larger `h` is: `h` itself within the checked heaps, else the least heap ≥ the
    /// repeating point congruent to it modulo the period.
    pub(crate) fn stand_in(&self, h: &Nat) -> Option<(u64, Nat)> {
        if let Some(v) = h.to_u64().filter(|&v| v <= self.bound) {
            return Some((v, Nat::ZERO));
        }
        let (_, period) = self.period?;
        let from = self.repeat;
        let r = h.checked_sub(&Nat::from(from))?.rem_u64(period);
        let stand_in = from + r;
        Some((stand_in, h.saturating_sub(&Nat::from(stand_in))))
    }
}

/// The place of a heap's piles (each at most `bound`) in a map's images.
fn index(atom: &[u64], bound: u64) -> usize {
    atom.iter()
        .fold(0u64, |i, &p| i * (bound + 1) + p)
        .try_into()
        .expect("a checked heap's place fits")
}

/// The misère theory of the heaps of some families: a proven quotient and each family's map.
#[derive(Debug, Clone)]
pub struct MisereTheory {
    /// How it was found.
    pub method: Method,
    /// The misère quotient of the heaps checked (reduced).
    pub quotient: Bipartite,
    /// Its presentation, with the generators in the order the heaps introduce them.
    pub presentation: Presentation,
    /// For each generator of the presentation: the family (index into `maps`) and heap (its
    /// piles) that introduced it.
    pub generator_heaps: Vec<(usize, Vec<u64>)>,
    /// Each family's map of heaps.
    pub maps: Vec<HeapMap>,
    /// How many types the check walked.
    pub types: usize,
    /// The heaps at which the quotient grew while it was learned (a wild quotient).
    pub changes: Vec<u64>,
}

/// Why a theory could not be proven for the heaps asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoTheory {
    /// The family is not a heap game whose heaps only move to smaller heaps.
    NotHeaps,
    /// The check found a position the candidate gets wrong: the heaps are not tame.
    Wild,
    /// A limit was reached (values too large, too many heaps or types).
    Limit,
    /// The learner of wild quotients stopped before the heaps asked for: a limit it names,
    /// or no candidate it builds passed the check.
    Learner(LearnError),
}

/// How far the learner of a wild quotient has come: the heaps added and the elements of the
/// quotient of those heaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnProgress {
    /// The largest heap added.
    pub heap: u64,
    /// The elements of the quotient of heaps up to it.
    pub elements: usize,
}

/// A heap with at most this many moves is listed move by move; beyond, its stand-in's moves.
const OWN_MOVES: u64 = 1 << 20;

/// The most heaps whose classes a description of a quotient lists.
pub const MAX_SHOWN: u64 = 100_000;

/// How far the learner of a wild quotient goes for one ([`MisereTheory::wild`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Learning {
    /// Candidates built from one stand-in heap per class only: a heap that none fits ends the
    /// learning at once (a fraction of a second).
    Quick,
    /// Also recalibrated candidates (as A. Siegel's MisereSolver): seconds of work more, which
    /// reach Dawson's Kayles to heap 30. What the `quotient` command does, and what a position
    /// beyond the search limit gets.
    Thorough,
}

/// The most heaps the learner of wild quotients adds.
pub const WILD_HEAPS: u64 = 200;
/// The most elements of a learned quotient (and of a candidate on the way).
pub(crate) const WILD_ELEMENTS: usize = 2048;
/// The most elements of a candidate of the quick learner ([`Learning::Quick`]): what the
/// candidates built from stand-ins reach where they reach a quotient at all.
const QUICK_ELEMENTS: usize = 512;

/// A family's heaps as the learner sees them.
struct RulesHeaps<'a>(&'a Rules);

impl HeapRule for RulesHeaps<'_> {
    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        if !self.0.is_heap(n as u64) {
            // No position: never reached from one, and left out of the proof.
            return out;
        }
        self.0.each_child(&[n as u64], &mut |after| {
            out.push(
                after
                    .iter()
                    .filter(|&&h| h > 0)
                    .map(|&h| h as usize)
                    .collect(),
            );
        });
        out
    }
}

/// The heaps of several families as one heap game for the learner: heap s·F + f is heap s of
/// family f; the F heaps of size 0 have no move.
struct MixedHeaps<'a>(&'a [(Rules, Nat)]);

impl HeapRule for MixedHeaps<'_> {
    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let count = self.0.len();
        let (size, f) = (n / count, n % count);
        let mut out = Vec::new();
        if size == 0 || !self.0[f].0.is_heap(size as u64) {
            return out;
        }
        self.0[f].0.each_child(&[size as u64], &mut |after| {
            out.push(
                after
                    .iter()
                    .filter(|&&h| h > 0)
                    .map(|&h| h as usize * count + f)
                    .collect(),
            );
        });
        out
    }
}

/// The largest heap of a sum of several wild families whose quotient is learned.
pub(crate) const MIXED_HEAPS: u64 = 40;

/// A period of the heap map `images` (heaps 0..=h) that proves it for every heap: the least
/// (preperiod, period) holding on the heaps from the preperiod on, with h at least the
/// repeating point plus the period — (pre, p, repeating point).
fn heap_period(images: &[Elem], shape: HeapShape) -> Option<(u64, u64, u64)> {
    let h = images.len() as u64 - 1;
    for p in 1..=h / 3 {
        // The least start from which period p holds up to h.
        let mut pre = h - p + 1;
        while pre > 0 && images[(pre - 1) as usize] == images[(pre - 1 + p) as usize] {
            pre -= 1;
        }
        if let Some(from) = shape.repeat_from(pre, p)
            && from + p <= h
        {
            return Some((pre, p, from));
        }
    }
    None
}

/// The most types the check walks.
const TYPE_LIMIT: usize = 200_000;
/// The heaps of a heap game the tame candidate is checked on first, before all of them.
const TAME_FIRST: u64 = 48;
/// The largest Grundy value a tame candidate holds (2^12 − 1: a table of 4098² entries).
const TAME_BITS: u32 = 12;

impl MisereTheory {
    /// Proves the heaps of `families` tame, each up to the heap given with it (all heaps of a
    /// family with a proven Grundy period and a [`HeapShape`]): the misère Nim rule on their
    /// Grundy values then decides every sum of them.
    ///
    /// # Errors
    /// A Grundy table beyond its limit ([`SolveError`]); `Ok(Err(_))` says why no theory.
    pub fn tame(
        families: &[(Rules, Nat)],
        limits: &Limits,
    ) -> Result<Result<MisereTheory, NoTheory>, SolveError> {
        // All heaps, where a period allows; else (or when the heaps up to the period's bound
        // are wild) the heaps asked for, which may be tame though larger ones are not.
        match MisereTheory::tame_within(families, limits, true)? {
            Ok(theory) => Ok(Ok(theory)),
            Err(NoTheory::NotHeaps) => Ok(Err(NoTheory::NotHeaps)),
            Err(NoTheory::Wild) => {
                // Wild up to the period's bound: the heaps asked for, if as many, hold those.
                let mut beyond = true;
                for (rules, need) in families {
                    let last = plan_heaps(rules, need, limits, true)?.map(|(last, _, _)| last);
                    beyond &= last.is_some_and(|last| Nat::from(last) <= *need);
                }
                if beyond {
                    return Ok(Err(NoTheory::Wild));
                }
                MisereTheory::tame_within(families, limits, false)
            }
            Err(NoTheory::Limit | NoTheory::Learner(_)) => {
                MisereTheory::tame_within(families, limits, false)
            }
        }
    }

    fn tame_within(
        families: &[(Rules, Nat)],
        limits: &Limits,
        periodic: bool,
    ) -> Result<Result<MisereTheory, NoTheory>, SolveError> {
        let mut plans = Vec::new();
        let mut work = 0u64;
        let mut top = 0u64;
        for (rules, need) in families {
            let Some((last, period, repeat)) = plan_heaps(rules, need, limits, periodic)? else {
                return Ok(Err(NoTheory::Limit));
            };
            work = work.saturating_add(last.saturating_mul(last));
            if work > limits.table.saturating_mul(16) {
                return Ok(Err(NoTheory::Limit));
            }
            let atoms = atoms_within(rules, last).ok_or(NoTheory::NotHeaps);
            let Ok(atoms) = atoms else {
                return Ok(Err(NoTheory::NotHeaps));
            };
            let table = match rules.atom_len() {
                2 => rules.pair_table(last as usize),
                _ => None,
            };
            let places = (last + 1).pow(rules.atom_len() as u32) as usize;
            let mut values = vec![0u64; places];
            // The empty heap (index 0) is the empty sum, of value 0, in every family.
            for atom in atoms.iter().skip(1) {
                let g = match (&table, atom.as_slice()) {
                    (Some(t), &[a, b]) => Some(Nat::from(u64::from(t[a as usize][b as usize]))),
                    (_, &[h]) => rules.heap_grundy(&Nat::from(h), limits)?,
                    _ => {
                        let piles: Vec<Nat> = atom.iter().map(|&p| Nat::from(p)).collect();
                        Some(rules.grundy(&piles, limits)?)
                    }
                };
                let Some(g) = g else {
                    return Ok(Err(NoTheory::NotHeaps));
                };
                match g.to_u64().filter(|&g| g < 1 << TAME_BITS) {
                    Some(g) => {
                        top = top.max(g);
                        values[index(atom, last)] = g;
                    }
                    None => return Ok(Err(NoTheory::Limit)),
                }
            }
            plans.push(Plan {
                rules: rules.clone(),
                atoms,
                last,
                period,
                repeat,
                values,
            });
        }
        let bits = (64 - top.leading_zeros()).max(1);
        let candidate = Bipartite::tame(bits);
        let images: Vec<Vec<Elem>> = plans
            .iter()
            .map(|plan| {
                plan.values
                    .iter()
                    .map(|&g| Bipartite::tame_heap(g))
                    .collect()
            })
            .collect();
        // A position of small heaps that the candidate gets wrong refutes it for every larger
        // set of heaps too: the small heaps first, so that wild heaps are told at once rather
        // than after the options of thousands of heaps are listed and their types walked.
        if plans
            .iter()
            .any(|plan| plan.rules.atom_len() == 1 && plan.last > TAME_FIRST)
        {
            let small: Vec<Plan> = plans
                .iter()
                .map(|plan| Plan {
                    atoms: if plan.rules.atom_len() == 1 {
                        plan.atoms
                            .iter()
                            .filter(|a| a[0] <= TAME_FIRST)
                            .cloned()
                            .collect()
                    } else {
                        plan.atoms.clone()
                    },
                    ..plan.clone()
                })
                .collect();
            if let Err(NoTheory::Wild) = prove(Method::Tame, &candidate, &small, &images) {
                return Ok(Err(NoTheory::Wild));
            }
        }
        let theory = prove(Method::Tame, &candidate, &plans, &images);
        Ok(theory)
    }

    /// Learns the misère quotient of the heaps of one heap game
    /// ([`crate::engine::quotient::learn`]), heap by heap: until the heap map is periodic with the
    /// heaps' types repeating (then it covers every heap: [`HeapShape::repeat_from`]), or else up
    /// to `need`, within [`WILD_HEAPS`] heaps.
    ///
    /// `Err` says why none was found.
    pub fn wild(
        rules: &Rules,
        need: &Nat,
        limits: &Limits,
        learning: Learning,
    ) -> Result<MisereTheory, NoTheory> {
        MisereTheory::wild_watched(rules, need, limits, learning, &mut |_| {})
    }

    /// [`MisereTheory::wild`], calling `progress` after each heap the learner adds.
    ///
    /// `Err` says why none was found: [`NoTheory::Learner`] with the learner's reason when it
    /// stopped before the heaps asked for.
    pub(crate) fn wild_watched(
        rules: &Rules,
        need: &Nat,
        limits: &Limits,
        learning: Learning,
        progress: &mut dyn FnMut(LearnProgress),
    ) -> Result<MisereTheory, NoTheory> {
        if rules.atom_len() != 1 {
            return Err(NoTheory::NotHeaps);
        }
        let shape = rules.heap_shape();
        let need = need.to_u64().filter(|&n| n <= WILD_HEAPS);
        let heap_rule = RulesHeaps(rules);
        let mut learn_limits = LearnLimits {
            elements: WILD_ELEMENTS,
            work: limits.table.saturating_mul(20),
            ..LearnLimits::default()
        };
        if learning == Learning::Quick {
            learn_limits.recalibrations = 0;
            learn_limits.elements = QUICK_ELEMENTS;
        }
        let mut learner = Learner::new(&heap_rule, learn_limits);
        let mut found = None;
        // Without a period in sight, no further than the heaps asked for.
        let top = need.unwrap_or(WILD_HEAPS);
        let mut stopped = None;
        while (learner.heaps() as u64) < WILD_HEAPS {
            if shape.is_none() && learner.heaps() as u64 >= top {
                break;
            }
            // Past the heaps asked for, a period is looked for without the slow search of
            // recalibration.
            learner.set_recalibrate((learner.heaps() as u64) < top);
            if let Err(e) = learner.add_heap() {
                stopped = Some(e);
                break;
            }
            let h = learner.heaps() as u64;
            progress(LearnProgress {
                heap: h,
                elements: learner.quotient().monoid.len(),
            });
            if let Some(shape) = shape
                && let Some((pre, p, from)) = heap_period(learner.images(), shape)
            {
                found = Some((h, Some((pre, p)), from));
                break;
            }
        }
        let (last, period, repeat) = match found {
            Some(f) => f,
            // No period within reach: the heaps asked for, if they were learned.
            None => match need.filter(|&n| n <= learner.heaps() as u64) {
                Some(n) => (n, None, n + 1),
                None => return Err(stopped.map_or(NoTheory::Limit, NoTheory::Learner)),
            },
        };
        let learned = learner.learned();
        let images = learned.images[..=last as usize].to_vec();
        let plan = Plan {
            rules: rules.clone(),
            atoms: heaps_within(rules, last),
            last,
            period,
            repeat,
            values: Vec::new(),
        };
        let mut theory = prove(Method::Quotient, &learned.candidate, &[plan], &[images])
            .map_err(|_| NoTheory::Wild)?;
        theory.changes = learned
            .changes
            .iter()
            .map(|&h| h as u64)
            .filter(|&h| h <= last)
            .collect();
        Ok(theory)
    }

    /// Learns the misère quotient of the heaps of several heap games together, each up to the
    /// heap given with it (at most [`MIXED_HEAPS`]): the learner sees one game whose heap
    /// s·F + f is heap s of family f (F families), so every option is a smaller heap.
    ///
    /// `Err` says why none was found.
    pub(crate) fn wild_mixed(
        families: &[(Rules, Nat)],
        limits: &Limits,
        learning: Learning,
    ) -> Result<MisereTheory, NoTheory> {
        if families.len() == 1 {
            return MisereTheory::wild(&families[0].0, &families[0].1, limits, learning);
        }
        let count = families.len() as u64;
        let mut needs = Vec::with_capacity(families.len());
        for (rules, need) in families {
            if rules.atom_len() != 1 {
                return Err(NoTheory::NotHeaps);
            }
            match need.to_u64().filter(|&n| n <= MIXED_HEAPS) {
                Some(n) => needs.push(n),
                None => return Err(NoTheory::Limit),
            }
        }
        let top = needs.iter().max().copied().unwrap_or(0);
        let mixed = MixedHeaps(families);
        let learn_limits = LearnLimits {
            elements: WILD_ELEMENTS,
            work: limits.table.saturating_mul(20),
            ..LearnLimits::default()
        };
        let mut learner = Learner::new(&mixed, learn_limits);
        // Interleaved families make long searches of recalibration: refused at once instead.
        learner.set_recalibrate(false);
        let heaps = (top * count + count - 1) as usize;
        while learner.heaps() < heaps {
            if learner.add_heap().is_err() {
                return Err(NoTheory::Limit);
            }
        }
        let learned = learner.learned();
        let mut plans = Vec::new();
        let mut images = Vec::new();
        for (f, ((rules, _), &last)) in families.iter().zip(&needs).enumerate() {
            images.push(
                (0..=last)
                    .map(|h| learned.images[(h * count) as usize + f])
                    .collect::<Vec<_>>(),
            );
            plans.push(Plan {
                rules: rules.clone(),
                atoms: heaps_within(rules, last),
                last,
                period: None,
                repeat: last + 1,
                values: Vec::new(),
            });
        }
        prove(Method::Quotient, &learned.candidate, &plans, &images).map_err(|_| NoTheory::Wild)
    }

    /// The misère quotient of one family's heaps: of every heap when the family's Grundy
    /// sequence has a proven period and its heaps prove tame (or the learner finds a periodic
    /// quotient), else of the heaps up to `heaps` (for a family of pairs, the pairs with both
    /// piles up to `heaps`).
    ///
    /// # Errors
    /// [`SolveError::NoQuotient`] saying why none was proven (not a heap game, wild beyond
    /// what the learner found, a limit), or a Grundy table's error.
    pub fn of_family(
        rules: &Rules,
        heaps: u64,
        limits: &Limits,
    ) -> Result<MisereTheory, SolveError> {
        MisereTheory::of_family_watched(rules, heaps, limits, &mut |_| {})
    }

    /// [`MisereTheory::of_family`], calling `progress` after each heap the learner of a wild
    /// quotient adds.
    ///
    /// # Errors
    /// As [`MisereTheory::of_family`]; when the learner stops, the reason names the limit
    /// reached (the learner's work is 20 × the table limit).
    pub fn of_family_watched(
        rules: &Rules,
        heaps: u64,
        limits: &Limits,
        progress: &mut dyn FnMut(LearnProgress),
    ) -> Result<MisereTheory, SolveError> {
        let families = [(rules.clone(), Nat::from(heaps))];
        let tame = match MisereTheory::tame(&families, limits) {
            // Digital deletions: not every number is a string of digits.
            Err(SolveError::NotAPosition { why, .. }) => {
                return Err(SolveError::NoQuotient {
                    game: rules.spec(),
                    heaps,
                    sizes_matter: false,
                    why: NoQuotientWhy::NotEveryHeap(why),
                });
            }
            tame => tame?,
        };
        let why = match tame {
            Ok(theory) => return Ok(theory),
            Err(NoTheory::Wild | NoTheory::Limit) => {
                match MisereTheory::wild_watched(
                    rules,
                    &Nat::from(heaps),
                    limits,
                    Learning::Thorough,
                    progress,
                ) {
                    Ok(theory) => return Ok(theory),
                    Err(why) => why,
                }
            }
            Err(why) => why,
        };
        Err(SolveError::NoQuotient {
            game: rules.spec(),
            heaps,
            sizes_matter: why != NoTheory::NotHeaps,
            why: match why {
                NoTheory::NotHeaps => NoQuotientWhy::NotHeaps,
                NoTheory::Wild => NoQuotientWhy::Wild,
                NoTheory::Limit => NoQuotientWhy::Limit {
                    heaps: WILD_HEAPS,
                    elements: WILD_ELEMENTS,
                    types: TYPE_LIMIT,
                },
                NoTheory::Learner(e @ LearnError::TooMuchWork { .. }) => {
                    NoQuotientWhy::LearnerWork(e)
                }
                NoTheory::Learner(e @ LearnError::NotFound { .. }) => {
                    NoQuotientWhy::LearnerNotFound(e)
                }
                NoTheory::Learner(stopped) => NoQuotientWhy::LearnerCaps {
                    stopped,
                    elements: WILD_ELEMENTS,
                    types: LearnLimits::default().types,
                    heaps: WILD_HEAPS,
                },
            },
        })
    }

    /// The elements of the P-portion, in the quotient's order.
    pub fn p_portion(&self) -> Vec<Elem> {
        (0..self.quotient.monoid.len() as Elem)
            .filter(|&x| self.quotient.is_p(x))
            .collect()
    }

    /// Whether the proof covers every heap of every family (a proven period of each map).
    pub fn every_heap(&self) -> bool {
        self.maps.iter().all(|m| m.period.is_some())
    }
}

/// The heaps to check for a family: (last heap, preperiod and period of the Grundy values, the
/// repeating point) — all heaps up to `need` when no period is proven (or needed), `None`
/// beyond the table limit.
#[allow(clippy::type_complexity)]
fn plan_heaps(
    rules: &Rules,
    need: &Nat,
    limits: &Limits,
    periodic: bool,
) -> Result<Option<(u64, Option<(u64, u64)>, u64)>, SolveError> {
    let small = need.to_u64().filter(|&n| {
        n <= limits.table
            && (rules.atom_len() == 1 || n.saturating_add(1).saturating_pow(2) <= limits.table)
    });
    // A period proven cheaply covers every heap; else ask for the largest heap, which proves
    // a period where the table can.
    if rules.periodicity(limits).is_none()
        && let Some(n) = small.filter(|_| rules.atom_len() == 1)
    {
        rules.heap_grundy(&Nat::from(n), limits)?;
    }
    let period = rules.heap_shape().zip(rules.periodicity(limits));
    if let Some((shape, p)) = period.filter(|_| periodic)
        && let Some(from) = shape.repeat_from(p.preperiod, p.period)
        && from + p.period <= limits.table
    {
        return Ok(Some((from + p.period, Some((p.preperiod, p.period)), from)));
    }
    Ok(small.map(|n| (n, None, n + 1)))
}

/// The heaps of one family to check.
#[derive(Clone)]
struct Plan {
    rules: Rules,
    /// Every heap checked (canonical piles), the empty heap first.
    atoms: Vec<Vec<u64>>,
    /// The largest pile checked.
    last: u64,
    /// The Grundy values' proven preperiod and period, when every heap is covered.
    period: Option<(u64, u64)>,
    /// The heap from which heaps' options repeat.
    repeat: u64,
    /// The Grundy value of each heap, by [`index`].
    values: Vec<u64>,
}

/// Every heap of a family with piles at most `last`, canonical and without repeats, the empty
/// heap first; `None` for a family whose heaps are not one or two piles. A heap game's sizes
/// that are no position of it ([`crate::Ruleset::is_heap`]) are left out.
fn atoms_within(rules: &Rules, last: u64) -> Option<Vec<Vec<u64>>> {
    match rules.atom_len() {
        1 => Some(heaps_within(rules, last)),
        2 => {
            let mut atoms = Vec::new();
            for a in 0..=last {
                for b in 0..=last {
                    let mut atom = vec![a, b];
                    rules.canonical_atom(&mut atom);
                    if atom == [a, b] {
                        atoms.push(atom);
                    }
                }
            }
            Some(atoms)
        }
        _ => None,
    }
}

/// The heaps of a heap game up to `last` that are positions of it, each as one pile, after the
/// empty heap 0 (the empty sum, whether or not the family calls 0 a heap).
fn heaps_within(rules: &Rules, last: u64) -> Vec<Vec<u64>> {
    std::iter::once(0)
        .chain((1..=last).filter(|&h| rules.is_heap(h)))
        .map(|h| vec![h])
        .collect()
}

/// Checks `candidate` with each family's `images`, and reduces it.
fn prove(
    method: Method,
    candidate: &Bipartite,
    plans: &[Plan],
    images: &[Vec<Elem>],
) -> Result<MisereTheory, NoTheory> {
    let m = &candidate.monoid;
    let mut games = Vec::new();
    for (plan, images) in plans.iter().zip(images) {
        let rules = &plan.rules;
        let len = rules.atom_len();
        for atom in &plan.atoms[1..] {
            let mut options = Vec::new();
            let mut inside = true;
            let mut chunk = Vec::with_capacity(len);
            let mut seen = vec![false; m.len()];
            rules.each_child(atom, &mut |after| {
                let mut x = 0;
                if len == 1 {
                    // A heap game: smaller heaps (0 is the identity).
                    for &leaf in after {
                        if leaf >= atom[0] {
                            inside = false;
                        } else {
                            x = m.mul(x, images[leaf as usize]);
                        }
                    }
                    if !std::mem::replace(&mut seen[x as usize], true) {
                        options.push(x);
                    }
                    return;
                }
                for piece in after.chunks(len) {
                    chunk.clear();
                    chunk.extend_from_slice(piece);
                    rules.canonical_atom(&mut chunk);
                    // A heap game's options are smaller heaps; a pair's, pairs within it.
                    let within =
                        chunk.iter().all(|&p| p <= plan.last) && (len > 1 || chunk[0] < atom[0]);
                    if within {
                        x = m.mul(x, images[index(&chunk, plan.last)]);
                    } else {
                        inside = false;
                    }
                }
                if !std::mem::replace(&mut seen[x as usize], true) {
                    options.push(x);
                }
            });
            if !inside {
                return Err(NoTheory::NotHeaps);
            }
            games.push(GameType {
                image: images[index(atom, plan.last)],
                options,
            });
        }
    }
    let types = match quotient::check(candidate, &games, TYPE_LIMIT) {
        Ok(types) => types,
        Err(CheckFailure::Wrong { .. }) => return Err(NoTheory::Wild),
        Err(CheckFailure::TooManyTypes { .. }) => return Err(NoTheory::Limit),
    };
    let gens: Vec<Elem> = games.iter().map(|g| g.image).collect();
    let reduced = quotient::reduce(candidate, &gens);
    let q = &reduced.quotient.monoid;
    // The generators: each heap's class that earlier heaps' classes do not generate.
    let mut reached = vec![false; q.len()];
    reached[0] = true;
    let mut generators = Vec::new();
    let mut generator_heaps = Vec::new();
    let mut maps = Vec::new();
    for (f, (plan, images)) in plans.iter().zip(images).enumerate() {
        let classes: Vec<Elem> = images
            .iter()
            .map(|&x| reduced.class[x as usize].unwrap_or(0))
            .collect();
        for atom in &plan.atoms {
            let c = classes[index(atom, plan.last)];
            if !reached[c as usize] {
                generators.push(c);
                generator_heaps.push((f, atom.clone()));
                // Close the reached set under the generators so far.
                let mut stack: Vec<Elem> = (0..q.len() as Elem)
                    .filter(|&x| reached[x as usize])
                    .collect();
                while let Some(x) = stack.pop() {
                    for &g in &generators {
                        let y = q.mul(x, g);
                        if !reached[y as usize] {
                            reached[y as usize] = true;
                            stack.push(y);
                        }
                    }
                }
            }
        }
        // The map's own least period, within the Grundy period (a tame map repeats with the
        // values; the classes may repeat sooner).
        let period = plan.period.map(|(pre, p)| least_period(&classes, pre, p));
        maps.push(HeapMap {
            rules: plan.rules.clone(),
            images: classes,
            period,
            atom_len: plan.rules.atom_len(),
            bound: plan.last,
            repeat: plan.repeat,
        });
    }
    let presentation = Presentation::of(q, &generators);
    Ok(MisereTheory {
        method,
        quotient: reduced.quotient,
        presentation,
        generator_heaps,
        maps,
        types,
        changes: Vec::new(),
    })
}

/// The least (preperiod, period) of `classes` at most (pre, p) that holds on the checked
/// heaps: a divisor of p, and the least start from which it holds.
fn least_period(classes: &[Elem], pre: u64, p: u64) -> (u64, u64) {
    let n = classes.len() as u64;
    let holds = |start: u64, q: u64| {
        (start..n - q).all(|i| classes[i as usize] == classes[(i + q) as usize])
    };
    let q = (1..=p)
        .filter(|&q| p.is_multiple_of(q))
        .find(|&q| holds(pre, q))
        .unwrap_or(p);
    let mut start = pre;
    while start > 0 && holds(start - 1, q) {
        start -= 1;
    }
    (start, q)
}

/// The winning moves of a sum of heaps of one family under its misère quotient: calls `f` with
/// each move of a heap after which the product of the heaps' classes lies in the P-portion,
/// until `f` breaks. A heap beyond the heaps checked moves as its stand-in
/// ([`HeapMap::stand_in`]) does, its largest heap left larger by as much; such a heap's moves
/// are not all listed (its stand-in has fewer), so `Ok(false)` then says the listing holds
/// only some of the winning moves (at least one whenever there is one).
///
/// # Errors
/// None yet; the signature matches the other listings.
pub(crate) fn quotient_moves(
    theory: &MisereTheory,
    atoms: &[Atom<'_>],
    f: &mut dyn FnMut(Move) -> ControlFlow<()>,
) -> Result<bool, SolveError> {
    let q = &theory.quotient.monoid;
    let map_of = |rules: &Rules| theory.maps.iter().find(|m| &m.rules == rules);
    let images: Vec<Elem> = atoms
        .iter()
        .map(|(rules, piles, _)| map_of(rules).and_then(|m| m.image_of(piles)).unwrap_or(0))
        .collect();
    let mut every = true;
    for (i, (rules, piles, offset)) in atoms.iter().enumerate() {
        let rest = q.product(
            images
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &x)| x),
        );
        let Some(map) = map_of(rules) else { continue };
        // A heap of a machine word with few enough moves: its own moves, each leaf's class
        // from the map (beyond the checked heaps, by the period).
        if let Some(h) = piles[0].to_u64()
            && rules.atom_moves(&[h]) <= OWN_MOVES
        {
            let mut flow = ControlFlow::Continue(());
            let mut known = true;
            rules.each_move(&[h], *offset, &mut |mv, after| {
                if flow.is_break() {
                    return;
                }
                let mut x = 0;
                for &leaf in after {
                    match map.image(&Nat::from(leaf)) {
                        Some(img) => x = q.mul(x, img),
                        None => known = false,
                    }
                }
                if theory.quotient.is_p(q.mul(rest, x)) {
                    flow = f(mv);
                }
            });
            every &= known;
            if flow.is_break() {
                break;
            }
            continue;
        }
        let Some((stand_in, growth)) = map.stand_in(&piles[0]) else {
            continue;
        };
        every &= growth.is_zero();
        let mut flow = ControlFlow::Continue(());
        rules.each_move(&[stand_in], *offset, &mut |mv, after| {
            if flow.is_break() {
                return;
            }
            let x = q.product(after.iter().map(|&h| map.images[h as usize]));
            if theory.quotient.is_p(q.mul(rest, x)) {
                flow = f(grown(mv, &growth));
            }
        });
        if flow.is_break() {
            break;
        }
    }
    Ok(every)
}

/// A move of a heap's stand-in as the move of the heap `growth` larger: the same amount taken,
/// the largest heap left larger by `growth`.
fn grown(mv: Move, growth: &Nat) -> Move {
    if growth.is_zero() {
        return mv;
    }
    match mv {
        Move::Pile { pile, from, to } => Move::Pile {
            pile,
            from: from.add(growth),
            to: to.add(growth),
        },
        Move::Split {
            pile,
            from,
            take,
            mut leaves,
        } => {
            if let Some(last) = leaves.last_mut() {
                *last = last.add(growth);
            }
            Move::Split {
                pile,
                from: from.add(growth),
                take,
                leaves,
            }
        }
        other => other,
    }
}

/// One heap of a sum, as the misère theory sees it: its family, its piles (one pile of a heap
/// game, or a whole pair component) and the place of its first pile in the position.
pub(crate) type Atom<'a> = (&'a Rules, &'a [Nat], usize);

/// The winning moves of a sum of heaps under the misère Nim rule on Grundy values: calls `f`
/// with each move of a heap to the value [`tame_targets`] names, through the family's own
/// listing, until `f` breaks.
///
/// # Errors
/// As [`crate::Ruleset::heap_options_with_value`].
pub(crate) fn tame_moves(
    atoms: &[Atom<'_>],
    values: &[Nat],
    limits: &Limits,
    f: &mut dyn FnMut(Move) -> ControlFlow<()>,
) -> Result<ControlFlow<()>, SolveError> {
    for (i, ((rules, piles, offset), target)) in atoms.iter().zip(tame_targets(values)).enumerate()
    {
        let Some(target) = target else { continue };
        let g = &values[i];
        let flow = if piles.len() == 1 {
            rules.heap_options_with_value(&piles[0], g, &target, limits, &mut |mv| {
                f(mv.shifted(*offset))
            })?
        } else {
            rules.moves_changing_grundy(piles, *offset, &g.xor(&target), limits, f)?
        };
        if flow.is_break() {
            return Ok(flow);
        }
    }
    Ok(ControlFlow::Continue(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nats(v: &[u64]) -> Vec<Nat> {
        v.iter().map(|&x| Nat::from(x)).collect()
    }

    #[test]
    fn misere_nim_rule() {
        assert!(tame_is_p(&nats(&[1])));
        assert!(!tame_is_p(&nats(&[])));
        assert!(!tame_is_p(&nats(&[1, 1])));
        assert!(tame_is_p(&nats(&[1, 1, 1])));
        assert!(tame_is_p(&nats(&[2, 2])));
        assert!(!tame_is_p(&nats(&[2, 3])));
        assert!(tame_is_p(&nats(&[1, 2, 3])));
        assert_eq!(
            tame_targets(&nats(&[1, 1, 4])),
            vec![
                Some(Nat::from(5u64)),
                Some(Nat::from(5u64)),
                Some(Nat::from(1u64))
            ]
        );
        assert_eq!(
            tame_targets(&nats(&[2, 3])),
            vec![Some(Nat::from(3u64)), Some(Nat::from(2u64))]
        );
        assert_eq!(
            tame_targets(&nats(&[1, 1])),
            vec![Some(Nat::ZERO), Some(Nat::ZERO)]
        );
    }
}
