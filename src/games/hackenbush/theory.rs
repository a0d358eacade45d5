//! Green Hackenbush on any graph: its Grundy value by the colon and fusion principles, the
//! explanation as data, and every winning move.
//!
//! **The game.** A position is a multigraph: edges `(a, b)` between vertices named by numbers,
//! vertex 0 being the ground; loops (`a == b`) and several edges between the same two vertices
//! are allowed. A move deletes one edge; every edge no longer joined to the ground by a path
//! falls with it. A player who cannot move (no edge is joined to the ground) loses.
//!
//! **The theorems** (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7 "Hackenbushing
//! impartially"):
//! - *The colon principle*: a branch can be replaced by any branch of the same value at the
//!   same vertex. So a tree is worth the nim-sum, over the edges leaving its root, of
//!   1 + the value of the tree above the edge (a stalk of n edges is worth n).
//! - *The fusion principle*: the vertices of any cycle can be fused into one vertex without
//!   changing the value; the cycle's edges become loops, and a loop is worth a stalk of one
//!   edge, 1.
//!
//! Fusing every cycle is contracting each 2-edge-connected component (the pieces left when the
//! bridges — the edges on no cycle — are removed) to one vertex with a loop for each of its
//! edges. What is left is a tree of bridges with loops at its vertices, rooted at the ground's
//! piece, and the value of a piece is the nim-sum of (number of its edges mod 2) and, over the
//! bridges up from it, 1 + the value of the piece above. Edges not joined to the ground are
//! removed first. Everything runs in time linear in the number of edges, without recursion.
//!
//! **Winning moves** are the edges whose deletion leaves value 0. One pass down the tree of
//! pieces computes for each piece the value it must take for the whole to be worth 0
//! ([`Hackenbush::winning_moves`]): a bridge, or a loop drawn as a loop, is then decided in
//! constant time. An edge of a cycle changes its piece's shape when deleted, so its piece
//! (with the value of each branch above it as a weight) is valued again without it; that costs
//! the piece's size per edge, and the whole search is refused beyond [`CYCLE_SEARCH_BOUND`].

use std::collections::HashMap;

use thiserror::Error;

/// The most work [`Hackenbush::winning_moves`] does on the edges of cycles: the sum, over the
/// pieces it must search, of (edges of cycles in the piece) × (edges + vertices of the piece).
/// A forest of 10⁵ edges costs nothing here; one cycle of about 3 000 edges reaches it.
pub const CYCLE_SEARCH_BOUND: u64 = 20_000_000;

/// Why the winning moves of a Green Hackenbush graph were not searched.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HackenbushError {
    /// Valuing the graph again without each edge of a cycle would take more than the bound.
    #[error(
        "finding the winning moves among the edges of cycles takes about {work} steps, more than the bound of {bound}"
    )]
    CycleSearchTooLarge {
        /// The work the search would take (see [`CYCLE_SEARCH_BOUND`]).
        work: u64,
        /// The bound it exceeds.
        bound: u64,
    },
}

/// A piece of the graph after fusion: a 2-edge-connected component joined to the ground.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The vertex by which it hangs from the piece below (the ground for the ground's piece).
    pub vertex: u64,
    /// Its vertices, in increasing order (`[vertex]` alone when nothing fused).
    pub vertices: Vec<u64>,
    /// The bridge it hangs by (an index into the edges given), `None` for the ground's piece.
    pub bridge: Option<usize>,
    /// The piece below it, `None` for the ground's piece.
    pub below: Option<usize>,
    /// Its edges that are loops after fusion (indices into the edges given): its own loops and
    /// the edges of its cycles.
    pub loops: Vec<usize>,
    /// The pieces hanging from it, each by one bridge.
    pub above: Vec<usize>,
    /// Its value: (number of loops mod 2) ⊕ the nim-sum over `above` of (1 + their value).
    pub value: u64,
}

/// A step of the explanation of a Green Hackenbush value, in the order a reader follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HackenbushStep {
    /// These edges (indices into the edges given) are not joined to the ground: they fall
    /// before the game starts.
    Fell {
        /// The edges, in increasing order.
        edges: Vec<usize>,
    },
    /// The fusion principle: the vertices of a piece's cycles fuse into one, its edges become
    /// loops.
    Fused {
        /// The piece (an index into [`Hackenbush::pieces`]).
        piece: usize,
        /// Its vertices, in increasing order.
        vertices: Vec<u64>,
        /// Its edges that were not loops before (indices into the edges given).
        edges: Vec<usize>,
    },
    /// The colon principle at one piece, the pieces above it already valued: its value is
    /// (loops mod 2) ⊕ the nim-sum of its branches' values.
    Branch {
        /// The piece (an index into [`Hackenbush::pieces`]); 0 is the ground's, whose value is
        /// the graph's.
        piece: usize,
        /// The vertex that stands for it.
        vertex: u64,
        /// Its number of loops.
        loops: usize,
        /// Each branch from it: the bridge (an index into the edges given), the piece above it,
        /// and the branch's value, 1 + that piece's value (a stalk that long).
        branches: Vec<(usize, usize, u64)>,
        /// Its value.
        value: u64,
    },
}

/// A Green Hackenbush graph, valued: its pieces after fusion and the tree they form.
#[derive(Debug, Clone)]
pub struct Hackenbush {
    /// The edges as given, in dense vertex numbers (0 the ground).
    dense: Vec<(u32, u32)>,
    /// Each edge's piece, `None` for an edge that fell or a bridge.
    piece_of_edge: Vec<Option<u32>>,
    /// For each edge: is it a bridge?
    bridge: Vec<bool>,
    /// The edges that fell.
    fell: Vec<usize>,
    /// The pieces, the ground's first, each after the piece below it.
    pieces: Vec<Piece>,
    /// Each piece's dense vertices.
    piece_vertices: Vec<Vec<u32>>,
}

/// Marks an unvisited vertex or an absent piece.
const NONE: u32 = u32::MAX;

/// The decomposition of a connected part of a multigraph into 2-edge-connected components.
struct Decomposition {
    /// Each vertex's component, [`NONE`] when not reached from the root.
    comp: Vec<u32>,
    /// Each edge: a bridge?
    bridge: Vec<bool>,
    /// Each component's entry vertex (the root's component first, each after its parent).
    entry: Vec<u32>,
    /// Each component's parent and the bridge to it (`NONE`, `NONE` for the root's).
    parent: Vec<(u32, u32)>,
    /// The reached vertices in depth-first preorder.
    order: Vec<u32>,
}

/// Splits the part of the graph (`n` vertices, `edges`, `skip` deleted) reached from `root`
/// into its 2-edge-connected components, by an iterative depth-first search (Tarjan's bridges:
/// a tree edge p–v is a bridge iff no edge from v's subtree reaches above v).
fn decompose(n: usize, edges: &[(u32, u32)], root: u32, skip: Option<usize>) -> Decomposition {
    // Adjacency in compressed rows: (neighbour, edge) for every edge that is not a loop.
    let mut start = vec![0u32; n + 1];
    for (i, &(a, b)) in edges.iter().enumerate() {
        if a != b && Some(i) != skip {
            start[a as usize + 1] += 1;
            start[b as usize + 1] += 1;
        }
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut adj = vec![(0u32, 0u32); start[n] as usize];
    for (i, &(a, b)) in edges.iter().enumerate() {
        if a != b && Some(i) != skip {
            adj[fill[a as usize] as usize] = (b, i as u32);
            fill[a as usize] += 1;
            adj[fill[b as usize] as usize] = (a, i as u32);
            fill[b as usize] += 1;
        }
    }
    let mut tin = vec![NONE; n];
    let mut low = vec![NONE; n];
    let mut parent_edge = vec![NONE; n];
    let mut bridge = vec![false; edges.len()];
    let mut order = Vec::new();
    let mut stack: Vec<(u32, u32)> = Vec::new();
    let mut timer = 0u32;
    tin[root as usize] = timer;
    low[root as usize] = timer;
    timer += 1;
    order.push(root);
    stack.push((root, start[root as usize]));
    while let Some(top) = stack.last_mut() {
        let v = top.0 as usize;
        if top.1 < start[v + 1] {
            let (w, e) = adj[top.1 as usize];
            top.1 += 1;
            if e == parent_edge[v] {
                continue;
            }
            let w = w as usize;
            if tin[w] == NONE {
                tin[w] = timer;
                low[w] = timer;
                timer += 1;
                parent_edge[w] = e;
                order.push(w as u32);
                stack.push((w as u32, start[w]));
            } else {
                low[v] = low[v].min(tin[w]);
            }
        } else {
            stack.pop();
            let e = parent_edge[v];
            if e != NONE {
                let (a, b) = edges[e as usize];
                let p = if a as usize == v { b } else { a } as usize;
                low[p] = low[p].min(low[v]);
                if low[v] > tin[p] {
                    bridge[e as usize] = true;
                }
            }
        }
    }
    let mut comp = vec![NONE; n];
    let mut entry = Vec::new();
    let mut parent = Vec::new();
    for &v in &order {
        let e = parent_edge[v as usize];
        if e == NONE || bridge[e as usize] {
            comp[v as usize] = entry.len() as u32;
            entry.push(v);
            if e == NONE {
                parent.push((NONE, NONE));
            } else {
                let (a, b) = edges[e as usize];
                let p = if a == v { b } else { a };
                parent.push((comp[p as usize], e));
            }
        } else {
            let (a, b) = edges[e as usize];
            let p = if a == v { b } else { a };
            comp[v as usize] = comp[p as usize];
        }
    }
    Decomposition {
        comp,
        bridge,
        entry,
        parent,
        order,
    }
}

/// The value of the part reached from `root` (`n` vertices, `edges`, `skip` deleted), each
/// vertex x carrying a branch of value `weight[x]` besides its edges.
fn weighted_value(
    n: usize,
    edges: &[(u32, u32)],
    weight: &[u64],
    root: u32,
    skip: Option<usize>,
) -> u64 {
    let d = decompose(n, edges, root, skip);
    let mut value = vec![0u64; d.entry.len()];
    for (i, &(a, _)) in edges.iter().enumerate() {
        let c = d.comp[a as usize];
        if Some(i) != skip && c != NONE && !d.bridge[i] {
            value[c as usize] ^= 1;
        }
    }
    for &v in &d.order {
        value[d.comp[v as usize] as usize] ^= weight[v as usize];
    }
    for c in (1..d.entry.len()).rev() {
        let p = d.parent[c].0 as usize;
        value[p] ^= value[c] + 1;
    }
    value.first().copied().unwrap_or(0)
}

/// The edges with their vertices numbered 0, 1, … in the order they first appear (the ground
/// first), and each number's name as given. Names below 2·(edges + 1) are looked up in a
/// table, others in a hash map.
fn number_densely<V: Copy + Into<u64>>(edges: &[(V, V)]) -> (Vec<(u32, u32)>, Vec<u64>) {
    let mut names = vec![0u64];
    let widest = edges
        .iter()
        .map(|&(a, b)| a.into().max(b.into()))
        .max()
        .unwrap_or(0);
    let small = usize::try_from(widest)
        .ok()
        .filter(|&w| w < 2 * (edges.len() + 1));
    let dense = if let Some(widest) = small {
        let mut table = vec![NONE; widest + 1];
        table[0] = 0;
        let mut id = |v: u64| {
            let slot = &mut table[v as usize];
            if *slot == NONE {
                *slot = names.len() as u32;
                names.push(v);
            }
            *slot
        };
        edges
            .iter()
            .map(|&(a, b)| (id(a.into()), id(b.into())))
            .collect()
    } else {
        let mut ids: HashMap<u64, u32> = HashMap::with_capacity(edges.len() + 1);
        ids.insert(0, 0);
        let mut id = |v: u64| {
            *ids.entry(v).or_insert_with(|| {
                names.push(v);
                (names.len() - 1) as u32
            })
        };
        edges
            .iter()
            .map(|&(a, b)| (id(a.into()), id(b.into())))
            .collect()
    };
    (dense, names)
}

impl Hackenbush {
    /// Values the Green Hackenbush graph with these edges (vertex 0 the ground; loops and
    /// repeated edges allowed; vertices need not be numbered densely). Never fails: every
    /// multigraph is a position, and the empty one is worth 0. Linear time, no recursion.
    /// Vertices and edges are numbered in 32 bits: a graph has fewer than 2³² − 1 of each.
    ///
    /// ```
    /// use nimsolve::games::hackenbush::theory::Hackenbush;
    /// // A triangle on the ground fuses into a loop (1); a stalk of two on top of it adds 2.
    /// let g = Hackenbush::new(&[(0u32, 1), (1, 2), (2, 0), (1, 3), (3, 4)]);
    /// assert_eq!(g.value(), 1 ^ 2);
    /// ```
    pub fn new<V: Copy + Into<u64>>(edges: &[(V, V)]) -> Hackenbush {
        let (dense, names) = number_densely(edges);
        let n = names.len();
        let d = decompose(n, &dense, 0, None);
        let k = d.entry.len();
        let mut pieces: Vec<Piece> = (0..k)
            .map(|c| {
                let (below, bridge) = d.parent[c];
                Piece {
                    vertex: names[d.entry[c] as usize],
                    vertices: Vec::new(),
                    bridge: (bridge != NONE).then_some(bridge as usize),
                    below: (below != NONE).then_some(below as usize),
                    loops: Vec::new(),
                    above: Vec::new(),
                    value: 0,
                }
            })
            .collect();
        let mut piece_vertices: Vec<Vec<u32>> = vec![Vec::new(); k];
        for &v in &d.order {
            piece_vertices[d.comp[v as usize] as usize].push(v);
        }
        for (c, vs) in piece_vertices.iter().enumerate() {
            let mut named: Vec<u64> = vs.iter().map(|&v| names[v as usize]).collect();
            named.sort_unstable();
            pieces[c].vertices = named;
        }
        let mut piece_of_edge = vec![None; dense.len()];
        let mut fell = Vec::new();
        for (i, &(a, _)) in dense.iter().enumerate() {
            let c = d.comp[a as usize];
            if c == NONE {
                fell.push(i);
            } else if !d.bridge[i] {
                piece_of_edge[i] = Some(c);
                pieces[c as usize].loops.push(i);
            }
        }
        for c in 1..k {
            let below = d.parent[c].0 as usize;
            pieces[below].above.push(c);
        }
        for c in (0..k).rev() {
            let mut value = (pieces[c].loops.len() & 1) as u64;
            for &a in &pieces[c].above {
                value ^= pieces[a].value + 1;
            }
            pieces[c].value = value;
        }
        Hackenbush {
            dense,
            piece_of_edge,
            bridge: d.bridge,
            fell,
            pieces,
            piece_vertices,
        }
    }

    /// The graph's Grundy value (0 iff the player to move loses).
    pub fn value(&self) -> u64 {
        self.pieces[0].value
    }

    /// The pieces after fusion: the ground's first, each after the piece below it.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The edges (indices into the edges given) not joined to the ground, in increasing order.
    pub(crate) fn fallen(&self) -> &[usize] {
        &self.fell
    }

    /// Whether edge `edge` (an index into the edges given) is a bridge: joined to the ground
    /// and on no cycle. Panics if `edge` is out of range.
    pub fn is_bridge(&self, edge: usize) -> bool {
        self.bridge[edge]
    }

    /// The explanation as data: the edges that fell (if any), each fusion of a piece with more
    /// than one vertex, then the colon principle at every piece from the top down to the
    /// ground's (the last step, whose value is the graph's).
    pub fn explain(&self) -> Vec<HackenbushStep> {
        let mut steps = Vec::new();
        if !self.fell.is_empty() {
            steps.push(HackenbushStep::Fell {
                edges: self.fell.clone(),
            });
        }
        for (c, p) in self.pieces.iter().enumerate() {
            if p.vertices.len() > 1 {
                let edges = p
                    .loops
                    .iter()
                    .copied()
                    .filter(|&i| self.dense[i].0 != self.dense[i].1)
                    .collect();
                steps.push(HackenbushStep::Fused {
                    piece: c,
                    vertices: p.vertices.clone(),
                    edges,
                });
            }
        }
        for (c, p) in self.pieces.iter().enumerate().rev() {
            let branches = p
                .above
                .iter()
                .map(|&a| {
                    let bridge = self.pieces[a].bridge.unwrap_or(0);
                    (bridge, a, self.pieces[a].value + 1)
                })
                .collect();
            steps.push(HackenbushStep::Branch {
                piece: c,
                vertex: p.vertex,
                loops: p.loops.len(),
                branches,
                value: p.value,
            });
        }
        steps
    }

    /// Every winning move: the edges (indices into the edges given, increasing) whose deletion
    /// leaves a graph of value 0. Empty when the value is 0. Bridges and loops are decided in
    /// one pass down the tree of pieces; edges of cycles by valuing their piece again, within
    /// [`CYCLE_SEARCH_BOUND`].
    ///
    /// # Errors
    /// [`HackenbushError::CycleSearchTooLarge`] when that search would exceed the bound.
    pub fn winning_moves(&self) -> Result<Vec<usize>, HackenbushError> {
        self.winning_moves_within(CYCLE_SEARCH_BOUND)
    }

    /// [`Hackenbush::winning_moves`] with the bound `bound` on the search among the edges of
    /// cycles instead of [`CYCLE_SEARCH_BOUND`].
    ///
    /// # Errors
    /// [`HackenbushError::CycleSearchTooLarge`] when that search would exceed `bound`.
    pub(crate) fn winning_moves_within(&self, bound: u64) -> Result<Vec<usize>, HackenbushError> {
        if self.value() == 0 {
            return Ok(Vec::new());
        }
        let k = self.pieces.len();
        // need[c]: the value piece c must take (the rest unchanged) for the whole to be 0;
        // None when no value will do.
        let mut need: Vec<Option<u64>> = vec![None; k];
        need[0] = Some(0);
        let mut wins = Vec::new();
        for c in 1..k {
            let p = &self.pieces[c];
            let below = p.below.unwrap_or(0);
            if let Some(n) = need[below] {
                // Piece `below` is worth value(below) ⊕ (1 + value(c)) without this branch;
                // the branch must be worth t = need ⊕ that.
                let t = n ^ self.pieces[below].value ^ (p.value + 1);
                if t == 0 {
                    wins.extend(p.bridge);
                }
                need[c] = t.checked_sub(1);
            }
        }
        // Loops drawn as loops flip their piece's parity; edges of cycles are searched.
        let mut work = 0u64;
        let mut searched = Vec::new();
        for (c, (p, need)) in self.pieces.iter().zip(&need).enumerate() {
            let Some(n) = *need else { continue };
            let cycle_edges = p
                .loops
                .iter()
                .filter(|&&i| self.dense[i].0 != self.dense[i].1)
                .count() as u64;
            if p.value ^ 1 == n {
                wins.extend(
                    p.loops
                        .iter()
                        .copied()
                        .filter(|&i| self.dense[i].0 == self.dense[i].1),
                );
            }
            if cycle_edges > 0 {
                let size = (p.loops.len() + self.piece_vertices[c].len()) as u64;
                work = work.saturating_add(cycle_edges.saturating_mul(size));
                searched.push((c, n));
            }
        }
        if work > bound {
            return Err(HackenbushError::CycleSearchTooLarge { work, bound });
        }
        for (c, n) in searched {
            wins.extend(self.cycle_wins(c, n));
        }
        wins.sort_unstable();
        Ok(wins)
    }

    /// The edges of cycles in piece `c` whose deletion leaves the piece (with its branches)
    /// worth `need`.
    fn cycle_wins(&self, c: usize, need: u64) -> Vec<usize> {
        let p = &self.pieces[c];
        let vs = &self.piece_vertices[c];
        let mut local: HashMap<u32, u32> = HashMap::with_capacity(vs.len());
        for (i, &v) in vs.iter().enumerate() {
            local.insert(v, i as u32);
        }
        let edges: Vec<(u32, u32)> = p
            .loops
            .iter()
            .map(|&i| {
                let (a, b) = self.dense[i];
                (local[&a], local[&b])
            })
            .collect();
        let mut weight = vec![0u64; vs.len()];
        for &a in &p.above {
            let bridge = self.pieces[a].bridge.unwrap_or(0);
            let (x, y) = self.dense[bridge];
            let foot = local
                .get(&x)
                .or_else(|| local.get(&y))
                .copied()
                .unwrap_or(0);
            weight[foot as usize] ^= self.pieces[a].value + 1;
        }
        let root = local[&vs[0]];
        p.loops
            .iter()
            .enumerate()
            .filter(|&(j, _)| edges[j].0 != edges[j].1)
            .filter(|&(j, _)| weighted_value(vs.len(), &edges, &weight, root, Some(j)) == need)
            .map(|(_, &i)| i)
            .collect()
    }

    /// The piece (an index into [`Hackenbush::pieces`]) in which edge `edge` (an index into
    /// the edges given) is a loop after fusion; `None` for a bridge, an edge that fell, or an
    /// index out of range.
    pub(crate) fn piece_of(&self, edge: usize) -> Option<usize> {
        self.piece_of_edge
            .get(edge)
            .copied()
            .flatten()
            .map(|c| c as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stalk_is_worth_its_length_and_a_loop_one() {
        assert_eq!(Hackenbush::new(&[(0u32, 1), (1, 2), (2, 3)]).value(), 3);
        assert_eq!(Hackenbush::new(&[(0u32, 0)]).value(), 1);
        assert_eq!(Hackenbush::new::<u32>(&[]).value(), 0);
    }

    #[test]
    fn cycles_fuse_by_their_parity_and_floating_edges_fall() {
        // A triangle on the ground: 1; a square: 0; an edge far from the ground falls.
        let g = Hackenbush::new(&[(0u32, 1), (1, 2), (2, 0), (7, 8)]);
        assert_eq!(g.value(), 1);
        assert_eq!(g.fallen(), &[3]);
        let square = Hackenbush::new(&[(0u32, 1), (1, 2), (2, 3), (3, 0)]);
        assert_eq!(square.value(), 0);
        assert_eq!(square.winning_moves(), Ok(vec![]));
    }

    #[test]
    fn two_stalks_of_the_same_length_cancel_and_the_long_one_is_cut() {
        // Stalks of 1 and 3 from the ground: 1 ⊕ 3 = 2; cut the middle of the long one
        // (edge 2, leaving 1 ⊕ 1) — cutting its top leaves 1 ⊕ 2.
        let g = Hackenbush::new(&[(0u64, 10), (0, 1), (1, 2), (2, 3)]);
        assert_eq!(g.value(), 2);
        assert_eq!(g.winning_moves(), Ok(vec![2]));
        assert_eq!(g.pieces()[1].vertices, vec![10]);
        assert_eq!(g.piece_of(0), None);
    }

    #[test]
    fn the_search_among_cycles_is_refused_beyond_its_bound() {
        let g = Hackenbush::new(&[(0u32, 1), (1, 2), (2, 0)]);
        assert!(matches!(
            g.winning_moves_within(2),
            Err(HackenbushError::CycleSearchTooLarge { bound: 2, .. })
        ));
        // Cutting a ground edge of the triangle leaves a stalk of two (2); cutting the top
        // edge leaves two stalks of one (1 ⊕ 1 = 0).
        assert_eq!(g.winning_moves(), Ok(vec![1]));
    }
}

/// A step of the explanation of a component's value with its edges and vertices named as the
/// position writes them (the data of [`HackenbushStep`] read against the edges given), for the
/// printers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HackenbushLine {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The step.
    pub step: NamedStep,
}

/// [`HackenbushStep`] with edges written as their two vertices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NamedStep {
    /// These edges are not joined to the ground: they fall before the game starts.
    Fell {
        /// The edges.
        edges: Vec<(u64, u64)>,
    },
    /// The fusion principle: the vertices of a piece's cycles fuse into one vertex, its edges
    /// become loops there.
    Fused {
        /// The vertices fused, in increasing order (the first stands for them).
        vertices: Vec<u64>,
        /// The edges that become loops.
        edges: Vec<(u64, u64)>,
    },
    /// The colon principle at a vertex: its loops (mod 2) and each branch up from it, a stalk
    /// as long as 1 + the value above its bridge, nim-added.
    Branch {
        /// The vertex (0, the ground, for the whole graph's value).
        vertex: u64,
        /// Its number of loops (its own and those of its fused cycles).
        loops: usize,
        /// Each branch: its bridge and the branch's value.
        branches: Vec<((u64, u64), u64)>,
        /// The value at this vertex.
        value: u64,
    },
}

impl Hackenbush {
    /// [`Hackenbush::explain`] with every edge written as its two vertices (`edges` are the
    /// edges this graph was made from, in the same order), for a component at `pile`.
    pub(crate) fn named_explanation(
        &self,
        edges: &[(u64, u64)],
        pile: usize,
    ) -> Vec<HackenbushLine> {
        let edge = |i: usize| edges.get(i).copied().unwrap_or((0, 0));
        self.explain()
            .into_iter()
            .map(|s| HackenbushLine {
                pile,
                step: match s {
                    HackenbushStep::Fell { edges: e } => NamedStep::Fell {
                        edges: e.into_iter().map(edge).collect(),
                    },
                    HackenbushStep::Fused {
                        vertices, edges: e, ..
                    } => NamedStep::Fused {
                        vertices,
                        edges: e.into_iter().map(edge).collect(),
                    },
                    HackenbushStep::Branch {
                        vertex,
                        loops,
                        branches,
                        value,
                        ..
                    } => NamedStep::Branch {
                        vertex,
                        loops,
                        branches: branches.into_iter().map(|(b, _, v)| (edge(b), v)).collect(),
                        value,
                    },
                },
            })
            .collect()
    }

    /// An upper bound of the graphs reachable from this one by moves, itself included, `None`
    /// past a machine word: each piece keeps a subset of its loops, and each branch is either
    /// cut off or reachable from its own piece, so a piece bounds 2^loops × Π (1 + branch).
    pub(crate) fn positions_bound(&self) -> Option<u64> {
        let mut bound = vec![0u64; self.pieces.len()];
        for c in (0..self.pieces.len()).rev() {
            let p = &self.pieces[c];
            let loops = u32::try_from(p.loops.len()).ok().filter(|&l| l < 64)?;
            let mut b = 1u64 << loops;
            for &a in &p.above {
                b = b.checked_mul(bound[a].checked_add(1)?)?;
            }
            bound[c] = b;
        }
        bound.first().copied().or(Some(1))
    }
}
