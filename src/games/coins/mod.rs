//! Coin-turning games: a row of coins numbered from 1 (or a board, for Turning Corners), a
//! position listing its heads, a move turning over coins the rule allows, the rightmost (the
//! corner furthest from the origin) from heads to tails. The families
//! `turning-turtles H1 H2 …`, `twins …`, `mock-turtles …`, `ruler …` and
//! `turning-corners X:Y X:Y …` (coordinates from 0), each a component of a sum played as one
//! whole state: its heads. A head listed twice is one head.
//!
//! By the coin-turning theorem of [`theory`] a row is worth the nim-sum of its heads' values,
//! for coins of any size (a board: the nim-sum of x ⊗ y, by the Tartan theorem), and the moves
//! to any value follow from that equation. Listing every move is bounded: Mock Turtles tries
//! every coin left of a head for its three-coin moves, a run of the ruler game turns up to
//! every coin below its head, and Turning Corners does min(x, y) nim-divisions a head. Past
//! max(the search limit, 1 000 000) such steps the engine lists the first winning move alone
//! (and says so); that move is found in a few steps whenever a head's value holds the highest
//! bit of the change wanted (always, for the component that decides a sum). When even the
//! first move would take more steps than that (a ruler run of more coins, a board head with
//! both coordinates beyond it), the listing is refused with the search limit's error: never a
//! wrong or silently partial list. Misère play is the exhaustive search: a row whose largest
//! coin is m reaches at most 2^m sets of heads, a board within (X + 1) × (Y + 1) cells at most
//! 2^((X+1)(Y+1)).

pub mod theory;

use std::ops::ControlFlow;

use crate::component::{ComponentGame, Verdict, Whole};
use crate::error::{MoveRule, Searched, SolveError, StateWhy};
use crate::explain::Step;
use crate::games::facts::ClosedFormWhy;
use crate::games::facts::{FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
use crate::name::Name;
use crate::nat::{Nat, NumberError};
use crate::rules::{Limits, Play};
use crate::ruleset::{Family, SequenceProof, no_argument};
use theory::{CoinMove, CoinRule, CoinTurn, CoinValues, CornerMove, TurnWords, Turned};

/// Listing every winning move is never cut below this many steps (as the engine's listing).
const LISTING_FLOOR: u64 = 1_000_000;

/// A family alone answers in full (its verdict) up to this many steps of listing.
const VERDICT_WORK: u64 = 100_000;

/// The spec `turning-turtles`.
pub(crate) static TURNING_TURTLES: Family = Family {
    keyword: "turning-turtles",
    syntax: "turning-turtles",
    about: "Turning Turtles: heads on coins 1, 2, …; turn a head to tails and at most one coin left of it",
    parse: |arg| {
        no_argument("turning-turtles", arg)?;
        Ok(Whole::rules(CoinRow(CoinRule::TurningTurtles)))
    },
};

/// The spec `twins`.
pub(crate) static TWINS: Family = Family {
    keyword: "twins",
    syntax: "twins",
    about: "Twins: heads on coins 1, 2, …; turn a head to tails and exactly one coin left of it",
    parse: |arg| {
        no_argument("twins", arg)?;
        Ok(Whole::rules(CoinRow(CoinRule::Twins)))
    },
};

/// The spec `mock-turtles`.
pub(crate) static MOCK_TURTLES: Family = Family {
    keyword: "mock-turtles",
    syntax: "mock-turtles",
    about: "Mock Turtles: heads on coins 1, 2, …; turn a head to tails and at most two coins left of it",
    parse: |arg| {
        no_argument("mock-turtles", arg)?;
        Ok(Whole::rules(CoinRow(CoinRule::MockTurtles)))
    },
};

/// The spec `ruler`.
pub(crate) static RULER: Family = Family {
    keyword: "ruler",
    syntax: "ruler",
    about: "the ruler game: heads on coins 1, 2, …; turn a run of consecutive coins whose rightmost is a head",
    parse: |arg| {
        no_argument("ruler", arg)?;
        Ok(Whole::rules(CoinRow(CoinRule::Ruler)))
    },
};

/// The spec `turning-corners`.
pub(crate) static TURNING_CORNERS: Family = Family {
    keyword: "turning-corners",
    syntax: "turning-corners",
    about: "Turning Corners: heads X:Y on a board (from 0); turn the four corners of a rectangle whose far corner is a head",
    parse: |arg| {
        no_argument("turning-corners", arg)?;
        Ok(Whole::rules(TurningCorners))
    },
};

/// A row of coins under a coin-turning rule; its state lists the heads (coins from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoinRow(pub CoinRule);

/// The spec of a rule.
pub(crate) fn rule_spec(rule: CoinRule) -> &'static str {
    match rule {
        CoinRule::TurningTurtles => "turning-turtles",
        CoinRule::Twins => "twins",
        CoinRule::MockTurtles => "mock-turtles",
        CoinRule::Ruler => "ruler",
    }
}

/// The name of a coin-turning rule.
fn rule_name(rule: CoinRule) -> FamilyName {
    match rule {
        CoinRule::TurningTurtles => FamilyName::TurningTurtles,
        CoinRule::Twins => FamilyName::Twins,
        CoinRule::MockTurtles => FamilyName::MockTurtles,
        CoinRule::Ruler => FamilyName::Ruler,
    }
}

/// The refusal of a listing whose first move would take `needed` steps, more than the limit.
fn refusal(needed: u64, limits: &Limits) -> SolveError {
    SolveError::SearchLimit {
        what: Searched::WinningMoves,
        needed: needed.to_string(),
        limit: limits.search,
    }
}

/// The most steps a listing may take: as the engine's listing of every move.
fn listing_bound(limits: &Limits) -> u64 {
    limits.search.max(LISTING_FLOOR)
}

/// The largest number of a state on machine words (0 for none).
fn largest(state: &[u64]) -> u64 {
    state.iter().copied().max().unwrap_or(0)
}

/// 2^bits, `None` past a machine word.
fn two_to(bits: u64) -> Option<u64> {
    (bits < 64).then(|| 1u64 << bits)
}

impl CoinRow {
    fn set(&self, state: &[Nat]) -> Vec<Nat> {
        theory::heads_set(state)
    }

    /// The moves a head at coin r has (at most).
    fn head_moves(&self, r: u64) -> u64 {
        let left = r.saturating_sub(1);
        match self.0 {
            CoinRule::TurningTurtles | CoinRule::Ruler => r,
            CoinRule::Twins => left,
            CoinRule::MockTurtles => 1u64
                .saturating_add(left)
                .saturating_add(left.saturating_mul(left.saturating_sub(1)) / 2),
        }
    }

    fn each_move(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(CoinMove) -> bool,
    ) -> Option<()> {
        let set = self.set(state);
        let delta = theory::grundy(self.0, &set).ok()?.xor(target);
        theory::moves_by_delta(self.0, &set, &delta, f).ok()
    }
}

impl ComponentGame for CoinRow {
    fn spec(&self) -> String {
        rule_spec(self.0).to_string()
    }

    fn name(&self) -> Name {
        Name {
            key: rule_name(self.0),
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        // JSON keys are snake_case: `turning_turtles`, `mock_turtles`.
        serde_json::json!({"kind": rule_spec(self.0).replace('-', "_")})
    }

    fn rule(&self) -> MoveRule {
        MoveRule {
            key: rule_name(self.0),
        }
    }

    fn check_state(&self, state: &[Nat]) -> Result<(), StateWhy> {
        if state.iter().any(Nat::is_zero) {
            return Err(StateWhy::CoinZero);
        }
        Ok(())
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let mut set = state.to_vec();
        set.sort_unstable();
        set.dedup();
        let mut turned: Vec<u64> = Vec::with_capacity(3);
        let mut after: Vec<u64> = Vec::new();
        let mut emit = |turned: &[u64], f: &mut dyn FnMut(&[u64])| {
            after.clear();
            after.extend(set.iter().filter(|h| !turned.contains(h)));
            after.extend(turned.iter().filter(|c| set.binary_search(c).is_err()));
            after.sort_unstable();
            f(&after);
        };
        for &r in &set {
            match self.0 {
                CoinRule::Ruler => {
                    for s in (1..=r).rev() {
                        turned.clear();
                        turned.extend(s..=r);
                        emit(&turned, f);
                    }
                }
                rule => {
                    if rule != CoinRule::Twins {
                        emit(&[r], f);
                    }
                    for c in 1..r {
                        emit(&[c, r], f);
                    }
                    if rule == CoinRule::MockTurtles {
                        for c2 in 2..r {
                            for c1 in 1..c2 {
                                emit(&[c1, c2, r], f);
                            }
                        }
                    }
                }
            }
        }
    }

    fn canonical(&self, state: &mut [u64]) {
        state.sort_unstable();
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        // The coins turned lie at or left of a head: the largest head m never grows, so a set
        // of heads among coins 1..=m.
        two_to(largest(state))
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        let m = largest(state);
        m.saturating_mul(self.head_moves(m))
    }

    fn grundy(&self, state: &[Nat]) -> Option<Nat> {
        theory::grundy(self.0, state).ok()
    }

    fn sequence_proof(&self) -> SequenceProof {
        let formula = match self.0 {
            CoinRule::TurningTurtles => "g(n) = n",
            CoinRule::Twins => "g(n) = n − 1, n ≥ 1",
            // The n-th odious number.
            CoinRule::MockTurtles => "g(n) = 2(n − 1) + 1 − popcount(n − 1) mod 2, n ≥ 1",
            CoinRule::Ruler => "g(n) = lowbit(n) = n & −n",
        };
        SequenceProof::ClosedForm {
            formula: formula.into(),
            period: None,
            reason: Some(ClosedFormWhy::CoinTurning),
        }
    }

    fn listing_work(&self, state: &[Nat]) -> u64 {
        theory::listing_work(self.0, &self.set(state))
    }

    fn listing_refused(&self, state: &[Nat], target: &Nat, limits: &Limits) -> Option<SolveError> {
        let set = self.set(state);
        let delta = theory::grundy(self.0, &set).ok()?.xor(target);
        if delta.is_zero() {
            return None;
        }
        let bound = listing_bound(limits);
        let first = theory::cheap_cost(self.0, &set, &delta);
        let work = theory::listing_work(self.0, &set);
        match (first, self.0) {
            (Some(c), _) if c <= bound => None,
            // The ruler game: every run worth δ is the one of its head; none shorter.
            (Some(c), CoinRule::Ruler) => Some(refusal(c, limits)),
            (None, CoinRule::Ruler) => None,
            _ if work <= bound => None,
            (c, _) => Some(refusal(c.unwrap_or(work).min(work), limits)),
        }
    }

    fn moves_to_value(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let mut flow = ControlFlow::Continue(());
        self.each_move(state, target, &mut |m| {
            flow = f(m.heads_after);
            flow.is_continue()
        })?;
        Some(flow)
    }

    fn verdict(&self, state: &[Nat], play: Play) -> Option<Verdict> {
        if play == Play::Misere || self.listing_work(state) > VERDICT_WORK {
            return None;
        }
        let mut winning = Vec::new();
        self.each_move(state, &Nat::ZERO, &mut |m| {
            winning.push(m.heads_after);
            true
        })?;
        Some(Verdict {
            winning,
            theorem: FamilyTheorem::CoinTurning,
            fact: None,
        })
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        let set = self.set(state);
        let heads: Option<Vec<(Vec<Nat>, Nat)>> = set
            .iter()
            .map(|h| Some((vec![h.clone()], theory::head_value(self.0, h).ok()?)))
            .collect();
        let (Some(heads), Some(value)) = (heads, self.grundy(state)) else {
            return Vec::new();
        };
        vec![Step::Family(FamilyStep::Coins(CoinValues {
            pile: offset,
            rule: Some(self.0),
            heads,
            value,
        }))]
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        match self.0 {
            // Twins: a head at coin 1 has no coin left of it.
            CoinRule::Twins => state.iter().any(|h| h > &Nat::ONE),
            _ => !state.is_empty(),
        }
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        let (b, a) = (self.set(before), self.set(after));
        a.len() == after.len()
            && a.as_slice() == after
            && theory::read_turn(self.0, &b, &theory::changed(&b, &a)).is_some()
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        // A head, uniformly among those with a move, then a move of it, uniformly.
        let set = self.set(state);
        let heads: Vec<&Nat> = set
            .iter()
            .filter(|h| self.0 != CoinRule::Twins || *h > &Nat::ONE)
            .collect();
        let r = heads[crate::nat::uniform_below(rng, &Nat::from(heads.len()))?.to_u64()? as usize];
        let pick = |rng: &mut dyn rand::RngCore, n: &Nat| crate::nat::uniform_below(rng, n);
        let turned: Vec<Nat> = match self.0 {
            CoinRule::Ruler => {
                let s = pick(rng, r)?.add(&Nat::ONE);
                let mut c = s;
                let mut v = Vec::new();
                while &c <= r {
                    v.push(c.clone());
                    c = c.add(&Nat::ONE);
                }
                v
            }
            rule => {
                // The others: each coin left of r, or none, drawn `most` times (distinct).
                let most = match rule {
                    CoinRule::MockTurtles => 2,
                    _ => 1,
                };
                let mut others: Vec<Nat> = Vec::new();
                for _ in 0..most {
                    // 0 stands for no coin (Twins always turns one).
                    let c = if rule == CoinRule::Twins {
                        pick(rng, &r.saturating_sub(&Nat::ONE))?.add(&Nat::ONE)
                    } else {
                        pick(rng, r)?
                    };
                    if !c.is_zero() && !others.contains(&c) {
                        others.push(c);
                    }
                }
                others.sort();
                others.push(r.clone());
                others
            }
        };
        let mut after: Vec<Nat> = theory::changed(&set, &turned);
        after.sort();
        Some(after)
    }
}

/// The words of a move of a row of coins (its heads `before`, the first at `pile` of the whole
/// position, and after); `None` if the change is no move of `rule`.
pub fn move_words(rule: CoinRule, pile: usize, before: &[Nat], after: &[Nat]) -> Option<CoinTurn> {
    let (b, a) = (theory::heads_set(before), theory::heads_set(after));
    let turned = match theory::read_turn(rule, &b, &theory::changed(&b, &a))? {
        Turned::Coins(c) => TurnWords::Coins(c),
        Turned::Run { from, to } => TurnWords::Run(from, to),
    };
    Some(CoinTurn {
        pile,
        turned,
        heads_left: a.into_iter().map(|h| vec![h]).collect(),
    })
}

/// Turning Corners; its state lists the heads' coordinates (from 0), x then y.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurningCorners;

/// The move rule of Turning Corners.
pub(crate) const CORNERS_RULE: MoveRule = MoveRule {
    key: FamilyName::TurningCorners,
};

/// The heads of a board state (x, y pairs), sorted, each once.
fn board(state: &[Nat]) -> Vec<(Nat, Nat)> {
    theory::board_set(
        &state
            .chunks_exact(2)
            .map(|p| (p[0].clone(), p[1].clone()))
            .collect::<Vec<_>>(),
    )
}

fn flatten(heads: &[(Nat, Nat)]) -> Vec<Nat> {
    heads
        .iter()
        .flat_map(|(x, y)| [x.clone(), y.clone()])
        .collect()
}

impl TurningCorners {
    fn each_move(&self, state: &[Nat], target: &Nat, f: &mut dyn FnMut(CornerMove) -> bool) {
        let set = board(state);
        let delta = theory::corners_grundy(&set).xor(target);
        theory::corner_moves_by_delta(&set, &delta, f);
    }
}

impl ComponentGame for TurningCorners {
    fn spec(&self) -> String {
        "turning-corners".to_string()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::TurningCorners,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "turning_corners"})
    }

    fn rule(&self) -> MoveRule {
        CORNERS_RULE
    }

    fn check_state(&self, state: &[Nat]) -> Result<(), StateWhy> {
        if state.len() % 2 == 1 {
            return Err(StateWhy::UnpairedCorner);
        }
        Ok(())
    }

    fn write_state(&self, state: &[Nat], out: &mut Vec<u8>) {
        crate::component::write_pairs(state, b':', b' ', out);
    }

    fn numbers_of_token(
        &self,
        token: &[u8],
        out: &mut Vec<Nat>,
    ) -> Option<Result<(), NumberError>> {
        let colon = token.iter().position(|&b| b == b':')?;
        let x = match Nat::parse_decimal(&token[..colon]) {
            Ok(x) => x,
            Err(e) => return Some(Err(e)),
        };
        let y = match Nat::parse_decimal(&token[colon + 1..]) {
            Ok(y) => y,
            Err(NumberError::NotADigit { index }) => {
                return Some(Err(NumberError::NotADigit {
                    index: index + colon + 1,
                }));
            }
            Err(NumberError::Empty) => {
                return Some(Err(NumberError::NotADigit { index: colon }));
            }
            Err(e) => return Some(Err(e)),
        };
        out.push(x);
        out.push(y);
        Some(Ok(()))
    }

    fn reads_tokens(&self) -> bool {
        true
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let mut set: Vec<(u64, u64)> = state.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        set.sort_unstable();
        set.dedup();
        let mut after: Vec<(u64, u64)> = Vec::new();
        let mut flat: Vec<u64> = Vec::new();
        for &(x, y) in &set {
            for a in 0..x {
                for b in 0..y {
                    after.clear();
                    after.extend_from_slice(&set);
                    for c in [(a, b), (a, y), (x, b), (x, y)] {
                        match after.binary_search(&c) {
                            Ok(i) => {
                                after.remove(i);
                            }
                            Err(i) => after.insert(i, c),
                        }
                    }
                    flat.clear();
                    flat.extend(after.iter().flat_map(|&(x, y)| [x, y]));
                    f(&flat);
                }
            }
        }
    }

    fn canonical(&self, state: &mut [u64]) {
        let mut pairs: Vec<(u64, u64)> = state.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        pairs.sort_unstable();
        for (i, (x, y)) in pairs.into_iter().enumerate() {
            state[2 * i] = x;
            state[2 * i + 1] = y;
        }
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        // Every corner turned lies within the box of the heads: (X + 1)(Y + 1) cells.
        let x = state.iter().step_by(2).copied().max().unwrap_or(0);
        let y = state.iter().skip(1).step_by(2).copied().max().unwrap_or(0);
        two_to(x.checked_add(1)?.checked_mul(y.checked_add(1)?)?)
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        let x = state.iter().step_by(2).copied().max().unwrap_or(0);
        let y = state.iter().skip(1).step_by(2).copied().max().unwrap_or(0);
        let cells = x.saturating_add(1).saturating_mul(y.saturating_add(1));
        cells.saturating_mul(x.saturating_mul(y))
    }

    fn grundy(&self, state: &[Nat]) -> Option<Nat> {
        Some(theory::corners_grundy(&board(state)))
    }

    fn listing_work(&self, state: &[Nat]) -> u64 {
        theory::corners_listing_work(&board(state))
    }

    fn listing_refused(&self, state: &[Nat], target: &Nat, limits: &Limits) -> Option<SolveError> {
        let set = board(state);
        let delta = theory::corners_grundy(&set).xor(target);
        if delta.is_zero() {
            return None;
        }
        let bound = listing_bound(limits);
        let work = theory::corners_listing_work(&set);
        match theory::cheap_corner_cost(&set, &delta) {
            Some(c) if c <= bound => None,
            _ if work <= bound => None,
            c => Some(refusal(c.unwrap_or(work).min(work), limits)),
        }
    }

    fn moves_to_value(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let mut flow = ControlFlow::Continue(());
        self.each_move(state, target, &mut |m| {
            flow = f(flatten(&m.heads_after));
            flow.is_continue()
        });
        Some(flow)
    }

    fn verdict(&self, state: &[Nat], play: Play) -> Option<Verdict> {
        if play == Play::Misere || self.listing_work(state) > VERDICT_WORK {
            return None;
        }
        let mut winning = Vec::new();
        self.each_move(state, &Nat::ZERO, &mut |m| {
            winning.push(flatten(&m.heads_after));
            true
        });
        Some(Verdict {
            winning,
            theorem: FamilyTheorem::Tartan,
            fact: None,
        })
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        let set = board(state);
        let heads = set
            .iter()
            .map(|(x, y)| (vec![x.clone(), y.clone()], crate::nimber::mul(x, y)))
            .collect();
        vec![Step::Family(FamilyStep::Coins(CoinValues {
            pile: offset,
            rule: None,
            heads,
            value: theory::corners_grundy(&set),
        }))]
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        state
            .chunks_exact(2)
            .any(|p| !p[0].is_zero() && !p[1].is_zero())
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        if after.len() % 2 == 1 {
            return false;
        }
        let (b, a) = (board(before), board(after));
        flatten(&a) == after && theory::read_rectangle(&b, &theory::changed(&b, &a)).is_some()
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        let set = board(state);
        let heads: Vec<&(Nat, Nat)> = set
            .iter()
            .filter(|(x, y)| !x.is_zero() && !y.is_zero())
            .collect();
        let (x, y) =
            heads[crate::nat::uniform_below(rng, &Nat::from(heads.len()))?.to_u64()? as usize];
        let a = crate::nat::uniform_below(rng, x)?;
        let b = crate::nat::uniform_below(rng, y)?;
        let corners = [
            (a.clone(), b.clone()),
            (a, y.clone()),
            (x.clone(), b),
            (x.clone(), y.clone()),
        ];
        let mut turned = corners.to_vec();
        turned.sort();
        Some(flatten(&theory::changed(&set, &turned)))
    }

    fn random_state(
        &self,
        count: usize,
        max: &Nat,
        rng: &mut dyn rand::RngCore,
    ) -> Option<Vec<Nat>> {
        // `count` distinct heads (fewer on a board of fewer cells), each coordinate uniform in
        // 0..=max, listed in order.
        let top = max.add(&Nat::ONE);
        let mut heads: Vec<(Nat, Nat)> = Vec::with_capacity(count);
        for _ in 0..4 * count {
            if heads.len() == count {
                break;
            }
            let x = crate::nat::uniform_below(rng, &top)?;
            let y = crate::nat::uniform_below(rng, &top)?;
            if !heads.contains(&(x.clone(), y.clone())) {
                heads.push((x, y));
            }
        }
        heads.sort();
        Some(heads.into_iter().flat_map(|(x, y)| [x, y]).collect())
    }
}

/// The words of a move of Turning Corners (its heads `before`, the first number at `pile` of
/// the whole position, and after); `None` if the change is no move.
pub(crate) fn corner_words(pile: usize, before: &[Nat], after: &[Nat]) -> Option<CoinTurn> {
    if before.len() % 2 == 1 || after.len() % 2 == 1 {
        return None;
    }
    let (b, a) = (board(before), board(after));
    let (from, to) = theory::read_rectangle(&b, &theory::changed(&b, &a))?;
    Some(CoinTurn {
        pile,
        turned: TurnWords::Rectangle(from, to),
        heads_left: a.into_iter().map(|(x, y)| vec![x, y]).collect(),
    })
}
