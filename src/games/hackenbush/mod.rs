//! Green Hackenbush (`hackenbush 0-1,1-2,1-3`): a graph of edges `A-B` between vertices named
//! by numbers, 0 the ground; loops (`3-3`) and several edges between two vertices are allowed.
//! A move cuts one edge joined to the ground; every edge no longer joined to the ground falls.
//! The player who cannot move loses. By [`theory`] (the colon and fusion principles, *Winning
//! Ways* ch. 7) the Grundy value of any graph is found in linear time, so a graph plays in sums
//! with every family at once, and every winning move follows.
//!
//! A state is the edges' ends in order, `[a0, b0, a1, b1, …]`; a position writes them `0-1,1-2`
//! (or as separate tokens `0-1 1-2`), and the graph without edges as the spec alone
//! (`hackenbush`, also read as `hackenbush -`). A move's position after lists the edges left,
//! each written low–high, in increasing order.

pub mod theory;

use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::Mutex;

use crate::component::{ComponentGame, Verdict, Whole};
use crate::error::{EdgeWhy, IllegalMove, MoveRule, NumberError, SolveError, StateWhy};
use crate::explain::Step;
use crate::games::facts::{FamilyStep, FamilyTheorem, TypedMoves};
use crate::games::names::FamilyName;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::{Limits, Play};
use crate::ruleset::{Family, no_argument};
use theory::{Hackenbush, HackenbushError};
pub use theory::{HackenbushLine, NamedStep};

/// The spec `hackenbush`.
pub(crate) static FAMILY: Family = Family {
    keyword: "hackenbush",
    syntax: "hackenbush",
    about: "Green Hackenbush: edges A-B of a graph, 0 the ground; cut an edge, and every edge no longer joined to the ground falls",
    parse: |arg| {
        no_argument("hackenbush", arg)?;
        Ok(Whole::rules(GreenHackenbush::default()))
    },
};

/// The move rule, for the reason a change is no move.
pub const RULE: MoveRule = MoveRule {
    key: FamilyName::Hackenbush,
};

/// A family alone answers in full (its verdict) up to this many steps of listing.
const VERDICT_WORK: u64 = 100_000;

/// The fewest steps a listing may take, as the engine's listing of every move.
const LISTING_FLOOR: u64 = 1_000_000;

/// The rules of Green Hackenbush, with the winning edges last searched (the engine asks
/// whether a listing is refused, then for the listing).
#[derive(Debug, Default)]
pub(crate) struct GreenHackenbush {
    last: Mutex<Option<CutsTo>>,
}

/// A state, a target value, and the edges whose cut leaves that value.
type CutsTo = (Vec<Nat>, Nat, Vec<usize>);

/// A cut of Green Hackenbush: the edge cut and the edges that fall with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HackenbushMove {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The edge cut, low end first.
    pub cut: (Nat, Nat),
    /// The first edges that fall with it (at most [`SHOWN_FALLEN`]), low end first.
    pub fell: Vec<(Nat, Nat)>,
    /// How many edges fall with it in all.
    pub fell_count: usize,
}

/// The most fallen edges a move's words list.
pub const SHOWN_FALLEN: usize = 6;

/// The edges of a state on machine words, `None` when a vertex does not fit or the numbers do
/// not pair up.
fn edges_of(state: &[Nat]) -> Option<Vec<(u64, u64)>> {
    if state.len() % 2 == 1 {
        return None;
    }
    state
        .chunks_exact(2)
        .map(|p| Some((p[0].to_u64()?, p[1].to_u64()?)))
        .collect()
}

fn edges_of_small(state: &[u64]) -> Vec<(u64, u64)> {
    state.chunks_exact(2).map(|p| (p[0], p[1])).collect()
}

/// Which edges are joined to the ground (edge `skip` deleted).
fn grounded_mask(edges: &[(u64, u64)], skip: Option<usize>) -> Vec<bool> {
    let mut adj: HashMap<u64, Vec<(u64, usize)>> = HashMap::with_capacity(edges.len() + 1);
    for (i, &(a, b)) in edges.iter().enumerate() {
        if Some(i) != skip && a != b {
            adj.entry(a).or_default().push((b, i));
            adj.entry(b).or_default().push((a, i));
        }
    }
    let mut reached: HashMap<u64, ()> = HashMap::with_capacity(edges.len() + 1);
    reached.insert(0, ());
    let mut queue: VecDeque<u64> = VecDeque::from([0]);
    while let Some(v) = queue.pop_front() {
        for &(w, _) in adj.get(&v).map_or(&[][..], Vec::as_slice) {
            if reached.insert(w, ()).is_none() {
                queue.push_back(w);
            }
        }
    }
    edges
        .iter()
        .enumerate()
        .map(|(i, (a, _))| Some(i) != skip && reached.contains_key(a))
        .collect()
}

/// The graph left after cutting edge `cut` (`None`: as it is), in the canonical form: the
/// edges joined to the ground, each low–high, in increasing order, flattened.
fn left_after(edges: &[(u64, u64)], cut: Option<usize>) -> Vec<u64> {
    let mask = grounded_mask(edges, cut);
    let mut kept: Vec<(u64, u64)> = edges
        .iter()
        .zip(&mask)
        .filter(|(_, k)| **k)
        .map(|(&(a, b), _)| (a.min(b), a.max(b)))
        .collect();
    kept.sort_unstable();
    kept.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

fn to_nats(state: &[u64]) -> Vec<Nat> {
    state.iter().map(|&x| Nat::from(x)).collect()
}

/// The same graph with its vertices renamed 0, 1, 2, … (the ground stays 0), and the number of
/// vertices.
fn densely(edges: &[(u64, u64)]) -> (Vec<(u64, u64)>, u64) {
    let mut ids: HashMap<u64, u64> = HashMap::with_capacity(edges.len() + 1);
    ids.insert(0, 0);
    let mut id = |v: u64| {
        let n = ids.len() as u64;
        *ids.entry(v).or_insert(n)
    };
    let dense = edges.iter().map(|&(a, b)| (id(a), id(b))).collect();
    (dense, ids.len() as u64)
}

/// The edges (indices) whose cut leaves a graph of value `target`: the winning moves of the
/// graph with a stalk of `target` edges added at the ground, among the graph's own edges.
fn cuts_to_value(
    edges: &[(u64, u64)],
    target: u64,
    bound: u64,
) -> Result<Vec<usize>, HackenbushError> {
    if target > edges.len() as u64 {
        // A graph is worth at most its number of edges (the mex of at most that many values).
        return Ok(Vec::new());
    }
    let (mut dense, n) = densely(edges);
    let mut below = 0;
    for k in 0..target {
        dense.push((below, n + k));
        below = n + k;
    }
    let wins = Hackenbush::new(&dense).winning_moves_within(bound)?;
    Ok(wins.into_iter().filter(|&i| i < edges.len()).collect())
}

/// The work of listing every move of a graph of `edges` edges: each leaves a graph to write.
fn listing_work_of(edges: usize) -> u64 {
    (edges as u64).saturating_mul(edges as u64).max(1)
}

impl GreenHackenbush {
    /// The winning cuts to `target`, from the last search when it asked the same.
    fn cuts(
        &self,
        state: &[Nat],
        edges: &[(u64, u64)],
        target: &Nat,
        bound: u64,
    ) -> Result<Vec<usize>, HackenbushError> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((s, t, cuts)) = last.as_ref()
            && s.as_slice() == state
            && t == target
        {
            return Ok(cuts.clone());
        }
        let Some(t) = target.to_u64() else {
            return Ok(Vec::new());
        };
        let cuts = cuts_to_value(edges, t, bound)?;
        *last = Some((state.to_vec(), target.clone(), cuts.clone()));
        Ok(cuts)
    }
}

/// The cut from `before` to `after` (the component at `pile`), read as an edge cut and the
/// edges that fell with it; `None` when it is no move.
pub fn read_move(pile: usize, before: &[Nat], after: &[Nat]) -> Option<HackenbushMove> {
    let edges = edges_of(before)?;
    let after_edges = edges_of(after)?;
    let mut left = edges_of_small(&left_after(&after_edges, None));
    let mut had = edges_of_small(&left_after(&edges, None));
    // The edges of `before` (grounded) that are not in `after`, as multisets.
    let mut gone = Vec::new();
    left.sort_unstable();
    had.sort_unstable();
    let mut j = 0;
    for e in had {
        if j < left.len() && left[j] == e {
            j += 1;
        } else if j < left.len() && left[j] < e {
            return None;
        } else {
            gone.push(e);
        }
    }
    if j != left.len() {
        return None;
    }
    // The cut edge touches a vertex still grounded (or the ground); the fallen ones do not.
    let mut standing: HashMap<u64, ()> = HashMap::with_capacity(left.len() + 1);
    standing.insert(0, ());
    for &(a, b) in &left {
        standing.insert(a, ());
        standing.insert(b, ());
    }
    let k = gone
        .iter()
        .position(|(a, b)| standing.contains_key(a) || standing.contains_key(b))?;
    let cut = gone.remove(k);
    let i = edges
        .iter()
        .position(|&(a, b)| (a.min(b), a.max(b)) == cut)?;
    if left_after(&edges, Some(i)) != left_after(&after_edges, None) {
        return None;
    }
    let fell_count = gone.len();
    let pair = |(a, b): (u64, u64)| (Nat::from(a), Nat::from(b));
    Some(HackenbushMove {
        pile,
        cut: pair(cut),
        fell: gone.into_iter().take(SHOWN_FALLEN).map(pair).collect(),
        fell_count,
    })
}

/// Reads one edge `A-B` of `token` (no comma inside) into `out`; `offset` is its place in the
/// whole token, for the index of a bad character.
fn read_edge(token: &[u8], offset: usize, out: &mut Vec<Nat>) -> Result<(), NumberError> {
    let edge = |why| NumberError::NotAnEdge { why };
    let dashes: Vec<usize> = (0..token.len()).filter(|&i| token[i] == b'-').collect();
    let dash = match dashes[..] {
        [] => {
            return Err(
                if token.iter().all(u8::is_ascii_digit) && !token.is_empty() {
                    edge(EdgeWhy::OneEnd)
                } else {
                    match token.iter().position(|c| !c.is_ascii_digit()) {
                        Some(index) => edge(EdgeWhy::NotADigit {
                            index: index + offset,
                        }),
                        None => edge(EdgeWhy::MissingEnd),
                    }
                },
            );
        }
        [d] => d,
        _ => return Err(edge(EdgeWhy::MoreEnds)),
    };
    for (part, start) in [(&token[..dash], 0), (&token[dash + 1..], dash + 1)] {
        if part.is_empty() {
            return Err(edge(EdgeWhy::MissingEnd));
        }
        if let Some(index) = part.iter().position(|c| !c.is_ascii_digit()) {
            return Err(edge(EdgeWhy::NotADigit {
                index: index + start + offset,
            }));
        }
        let v = Nat::parse_decimal(part).map_err(|_| edge(EdgeWhy::MissingEnd))?;
        if v.to_u64().is_none() {
            return Err(edge(EdgeWhy::TooLarge));
        }
        out.push(v);
    }
    Ok(())
}

impl ComponentGame for GreenHackenbush {
    fn spec(&self) -> String {
        "hackenbush".to_string()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Hackenbush,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "hackenbush"})
    }

    fn rule(&self) -> MoveRule {
        RULE
    }

    fn check_state(&self, state: &[Nat]) -> Result<(), StateWhy> {
        if state.len() % 2 == 1 {
            return Err(StateWhy::UnpairedEdge);
        }
        if state.iter().any(|v| v.to_u64().is_none()) {
            return Err(StateWhy::VertexTooLarge);
        }
        Ok(())
    }

    fn write_state(&self, state: &[Nat], out: &mut Vec<u8>) {
        crate::component::write_pairs(state, b'-', b',', out);
    }

    fn numbers_of_token(
        &self,
        token: &[u8],
        out: &mut Vec<Nat>,
    ) -> Option<Result<(), NumberError>> {
        if token == b"-" {
            // The graph without edges.
            return Some(Ok(()));
        }
        let mut offset = 0;
        for part in token.split(|&c| c == b',') {
            if let Err(e) = read_edge(part, offset, out) {
                return Some(Err(e));
            }
            offset += part.len() + 1;
        }
        Some(Ok(()))
    }

    fn reads_tokens(&self) -> bool {
        true
    }

    fn fallback_option(&self, state: &[Nat]) -> Option<Vec<Nat>> {
        // A cut that drops nothing else: an edge of a cycle or a loop, else a bridge to a bare
        // vertex; else the first edge that stands. Found in linear time.
        let edges = edges_of(state)?;
        let g = Hackenbush::new(&edges);
        let fallen = g.fallen();
        let standing = |i: &usize| fallen.binary_search(i).is_err();
        let cut = (0..edges.len())
            .find(|&i| g.piece_of(i).is_some())
            .or_else(|| {
                g.pieces()
                    .iter()
                    .find(|p| p.above.is_empty() && p.loops.is_empty() && p.bridge.is_some())
                    .and_then(|p| p.bridge)
            })
            .or_else(|| (0..edges.len()).find(standing))?;
        Some(to_nats(&left_after(&edges, Some(cut))))
    }

    fn typed_move(&self, state: &[Nat], text: &str) -> Option<Result<Vec<Nat>, IllegalMove>> {
        // `cut A-B` (`剪 A-B`): the edge A-B, if it stands.
        let rest = text
            .trim()
            .strip_prefix("cut")
            .or_else(|| text.trim().strip_prefix("剪"))?
            .trim();
        let mut ends = Vec::new();
        read_edge(rest.as_bytes(), 0, &mut ends).ok()?;
        let not_standing = || IllegalMove::EdgeNotStanding {
            a: ends[0].clone(),
            b: ends[1].clone(),
        };
        let (Some(a), Some(b), Some(edges)) = (ends[0].to_u64(), ends[1].to_u64(), edges_of(state))
        else {
            return Some(Err(not_standing()));
        };
        let mask = grounded_mask(&edges, None);
        let standing = (0..edges.len()).find(|&i| {
            let (x, y) = edges[i];
            mask[i] && (x.min(y), x.max(y)) == (a.min(b), a.max(b))
        });
        Some(match standing {
            Some(i) => Ok(to_nats(&left_after(&edges, Some(i)))),
            None => Err(not_standing()),
        })
    }

    fn typed_moves(&self) -> Option<TypedMoves> {
        Some(TypedMoves::CutEdge)
    }

    fn typed_text(&self, before: &[Nat], after: &[Nat]) -> Option<String> {
        let cut = read_move(0, before, after)?.cut;
        Some(format!("cut {}-{}", cut.0, cut.1))
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let edges = edges_of_small(state);
        let mask = grounded_mask(&edges, None);
        for (i, &standing) in mask.iter().enumerate() {
            if standing {
                f(&left_after(&edges, Some(i)));
            }
        }
    }

    fn canonical(&self, state: &mut [u64]) {
        let mut edges: Vec<(u64, u64)> = state
            .chunks_exact(2)
            .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
            .collect();
        edges.sort_unstable();
        for (slot, (a, b)) in state.chunks_exact_mut(2).zip(edges) {
            slot[0] = a;
            slot[1] = b;
        }
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        Hackenbush::new(&edges_of_small(state)).positions_bound()
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        (state.len() / 2) as u64
    }

    fn grundy(&self, state: &[Nat]) -> Option<Nat> {
        Some(Nat::from(Hackenbush::new(&edges_of(state)?).value()))
    }

    fn listing_work(&self, state: &[Nat]) -> u64 {
        listing_work_of(state.len() / 2)
    }

    fn listing_refused(&self, state: &[Nat], target: &Nat, limits: &Limits) -> Option<SolveError> {
        let edges = edges_of(state)?;
        let bound = limits.search.max(LISTING_FLOOR);
        match self.cuts(state, &edges, target, bound) {
            Ok(_) => None,
            Err(HackenbushError::CycleSearchTooLarge { work, .. }) => {
                Some(SolveError::SearchLimit {
                    what: crate::error::Searched::WinningMoves,
                    needed: work.to_string(),
                    limit: limits.search,
                })
            }
        }
    }

    fn moves_to_value(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let edges = edges_of(state)?;
        let cuts = self.cuts(state, &edges, target, u64::MAX).ok()?;
        for i in cuts {
            let flow = f(to_nats(&left_after(&edges, Some(i))));
            if flow.is_break() {
                return Some(flow);
            }
        }
        Some(ControlFlow::Continue(()))
    }

    fn verdict(&self, state: &[Nat], play: Play) -> Option<Verdict> {
        if play == Play::Misere || self.listing_work(state) > VERDICT_WORK {
            return None;
        }
        let edges = edges_of(state)?;
        let cuts = Hackenbush::new(&edges)
            .winning_moves_within(VERDICT_WORK)
            .ok()?;
        Some(Verdict {
            winning: cuts
                .into_iter()
                .map(|i| to_nats(&left_after(&edges, Some(i))))
                .collect(),
            theorem: FamilyTheorem::Hackenbush,
            fact: None,
        })
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        let Some(edges) = edges_of(state) else {
            return Vec::new();
        };
        Hackenbush::new(&edges)
            .named_explanation(&edges, offset)
            .into_iter()
            // A bare vertex at the top of a branch is worth 0 and says nothing.
            .filter(|l| match &l.step {
                NamedStep::Branch {
                    vertex,
                    loops,
                    branches,
                    ..
                } => *vertex == 0 || *loops > 0 || !branches.is_empty(),
                _ => true,
            })
            .map(|l| Step::Family(FamilyStep::Hackenbush(l)))
            .collect()
    }

    fn longest_game(&self, state: &[Nat]) -> Option<Nat> {
        // Each move removes at least one edge.
        Some(Nat::from((state.len() / 2) as u64))
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        // Vertex 0 always stands: an edge at the ground is a move, and only then is any edge
        // joined to it.
        edges_of(state).is_some_and(|e| e.iter().any(|&(a, b)| a == 0 || b == 0))
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        read_move(0, before, after).is_some()
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        let edges = edges_of(state)?;
        let mask = grounded_mask(&edges, None);
        let standing: Vec<usize> = (0..edges.len()).filter(|&i| mask[i]).collect();
        let k = crate::nat::uniform_below(rng, &Nat::from(standing.len() as u64))?.to_u64()?;
        let cut = *standing.get(k as usize)?;
        Some(to_nats(&left_after(&edges, Some(cut))))
    }

    fn random_state(
        &self,
        count: usize,
        max: &Nat,
        rng: &mut dyn rand::RngCore,
    ) -> Option<Vec<Nat>> {
        // `count` edges, each from a vertex already joined to the ground to one of them (a
        // loop or a cycle) or to a new vertex, at most `max` vertices above the ground.
        let most = max.to_u64().unwrap_or(u64::MAX).max(1);
        let mut vertices = 1u64;
        let mut state = Vec::with_capacity(2 * count);
        for _ in 0..count {
            let a = crate::nat::uniform_below(rng, &Nat::from(vertices))?;
            let room = if vertices <= most { 1 } else { 0 };
            let b = crate::nat::uniform_below(rng, &Nat::from(vertices + room))?;
            if b.to_u64() == Some(vertices) {
                vertices += 1;
            }
            state.push(a);
            state.push(b);
        }
        Some(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u64) -> Nat {
        Nat::from(v)
    }

    #[test]
    fn a_cut_reads_back_with_the_edges_that_fell() {
        let before: Vec<Nat> = [0, 1, 1, 2, 2, 3, 1, 4].map(n).to_vec();
        let m = read_move(0, &before, &[n(0), n(1), n(1), n(4)]).unwrap();
        assert_eq!(m.cut, (n(1), n(2)));
        assert_eq!(m.fell, vec![(n(2), n(3))]);
        assert!(read_move(0, &before, &before).is_none());
    }

    #[test]
    fn edges_are_read_and_refused_with_why() {
        let g = GreenHackenbush::default();
        let mut out = Vec::new();
        assert_eq!(g.numbers_of_token(b"0-1,1-1", &mut out), Some(Ok(())));
        assert_eq!(out, [0, 1, 1, 1].map(n));
        let why = |t: &[u8]| match g.numbers_of_token(t, &mut Vec::new()) {
            Some(Err(NumberError::NotAnEdge { why })) => why,
            other => panic!("{other:?}"),
        };
        assert_eq!(why(b"0-"), EdgeWhy::MissingEnd);
        assert_eq!(why(b"1-2-3"), EdgeWhy::MoreEnds);
        assert_eq!(why(b"3"), EdgeWhy::OneEnd);
        assert_eq!(why(b"0-1,a-b"), EdgeWhy::NotADigit { index: 4 });
    }
}
