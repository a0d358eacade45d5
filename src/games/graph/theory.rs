//! Games of tokens on a directed graph: the graph read from text, its Grundy values when it
//! has no cycle, and when it has cycles the outcome of every vertex by retrograde analysis and
//! the generalised Sprague–Grundy function γ, which decides sums of tokens.
//!
//! **The game.** Tokens stand on vertices of a finite directed graph; a move takes one token
//! along one edge; a player who cannot move loses. A play may go on for ever: that is a draw.
//!
//! **The file format** ([`Digraph::parse`]): one vertex a line, `name: successor successor …`.
//! A name is a run of letters, digits, `_`, `-`, `.` and `'` (so words and numbers); `#`
//! starts a comment to the end of the line; blank lines are skipped. A vertex named only as a
//! successor is a vertex with no moves; a vertex defined on two lines is an error.
//!
//! ```text
//! # a 2-cycle with a way out
//! a: b
//! b: a c
//! c:
//! ```
//!
//! **No cycle: Grundy values.** g(v) = mex{g(w) : v → w}, computed in reverse topological
//! order; a sum of tokens is a P-position iff the nim-sum of their values is 0 (Sprague–Grundy).
//!
//! **Cycles: retrograde analysis** ([`retrograde`]). A vertex with no move is lost
//! (remoteness 0); a vertex with a move to a lost vertex is won, in 1 + the least remoteness of
//! such a move; a vertex all of whose moves go to won vertices is lost, in 1 + the greatest
//! remoteness of its moves; a vertex never labelled so is a draw (Smith's remoteness; one
//! breadth-first pass over the reversed edges).
//!
//! **Cycles: the generalised Sprague–Grundy function** (C. A. B. Smith, "Graphs and composite
//! games", J. Combin. Theory 1 (1966) 51–81; A. S. Fraenkel and Y. Yesha, "The generalized
//! Sprague–Grundy function and its invariance under certain mappings", J. Combin. Theory Ser. A
//! 43 (1986) 165–177). γ(v) is a natural number or ∞(K), where K is the set of the finite
//! values of v's options. It is computed by rounds m = 0, 1, 2, …: label m, as long as there is
//! one, an unlabelled vertex with no option labelled m all of whose unlabelled or ∞ options have
//! an option labelled m; then label ∞ every unlabelled vertex with no option labelled m; stop
//! when nothing is unlabelled. A token alone is a P-position iff γ = 0, an N-position iff
//! γ > 0 is finite or γ = ∞(K) with 0 ∈ K, and a draw otherwise. For a sum of tokens
//! ([`Analysis::sum`]): γ(G + H) = γ(G) ⊕ γ(H) when both are finite, ∞(K ⊕ b) when
//! γ(G) = ∞(K) and γ(H) = b is finite, and ∞(∅) when both are infinite. So a sum is a
//! P-position iff every γ is finite with nim-sum 0; a draw iff two or more tokens have γ = ∞,
//! or exactly one has ∞(K) and K does not contain the nim-sum b of the others; otherwise an
//! N-position, won by moving to a P-position.
//!
//! Every algorithm is iterative over compressed rows of successors and predecessors: linear
//! time for the Grundy values and the retrograde analysis, (max finite γ + 2) linear rounds
//! for γ.

use thiserror::Error;

// The values of positions that may go on for ever hold for every loopy game; they live in the
// bottom layer, where the engine reads them.
pub use crate::loopy::{Gamma, Outcome};

/// Why a line of a graph file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseWhy {
    /// Names but no colon: a line is `name: successor …`.
    #[error("is not after a colon; a line is `name: successor successor …`")]
    NoColon,
    /// A colon with no name before it.
    #[error("has no vertex name before it; a line is `name: successor successor …`")]
    NoName,
    /// Two names before the colon.
    #[error("is a second name before the colon; a line defines one vertex: `name: successor …`")]
    TwoNames,
    /// A second colon on the line.
    #[error("is a second colon; a line defines one vertex: `name: successor …`")]
    SecondColon,
    /// A character that no name contains.
    #[error("contains {0:?}; a name is letters, digits, `_`, `-`, `.` and `'`")]
    BadCharacter(char),
    /// A vertex defined on an earlier line too.
    #[error("is already defined on line {first_line}; give all its successors on one line")]
    Duplicate {
        /// The line where it was first defined.
        first_line: usize,
    },
    /// Bytes that are not UTF-8.
    #[error("is not valid UTF-8")]
    NotUtf8,
    /// More vertices or edges than a graph can number.
    #[error("is one too many: a graph has at most {most} vertices and {most} edges")]
    TooManyVertices {
        /// The most vertices a graph can have.
        most: usize,
    },
}

/// A graph file's line that was refused: where, the token, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {token:?} {why}")]
pub struct GraphParseError {
    /// The line, counted from 1.
    pub line: usize,
    /// The column where the token starts, in characters, counted from 1.
    pub column: usize,
    /// The token (at most 40 characters of it).
    pub token: String,
    /// What is wrong with it.
    pub why: ParseWhy,
}

/// A graph or a position that does not fit together.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GraphError {
    /// A successor or a token's vertex that is not a vertex of the graph.
    #[error("vertex {vertex} is not one of the graph's {vertices} vertices")]
    NoSuchVertex {
        /// The vertex number given.
        vertex: usize,
        /// How many vertices the graph has.
        vertices: usize,
    },
    /// More vertices or edges than the graph can number.
    #[error("{count} is more than the {most} vertices or edges a graph can have")]
    TooLarge {
        /// How many were given.
        count: usize,
        /// The most there can be.
        most: usize,
    },
}

/// The most vertices, and the most edges, of a [`Digraph`].
pub const MAX_SIZE: usize = (u32::MAX - 1) as usize;

/// A finite directed graph (several edges between the same vertices and loops allowed), its
/// vertices numbered 0..n in the order they first appear, each with its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digraph {
    /// Vertex v's name is `text[bounds[v]..bounds[v + 1]]`.
    text: String,
    bounds: Vec<usize>,
    /// Vertex v's successors are `succ[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    succ: Vec<u32>,
    /// The vertices by the hash of their names (open addressing, [`NO_VERTEX`] for an empty
    /// slot; a power of two, at least twice the vertices), for [`Digraph::index`].
    table: Vec<u32>,
}

/// An empty slot of a [`Digraph`]'s table of names.
const NO_VERTEX: u32 = u32::MAX;

/// The hash of a name and the first slot it probes in a table of `2^bits` slots (the high
/// bits of the multiplicative hash, which are its best mixed).
fn slot(name: &str, bits: u32) -> usize {
    use std::hash::BuildHasher;
    let h = std::hash::BuildHasherDefault::<NameHasher>::default().hash_one(name);
    (h >> (64 - bits)) as usize
}

/// Compressed rows: the lists `items[start[v]..start[v + 1]]`.
struct Rows {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Rows {
    fn row(&self, v: usize) -> &[u32] {
        &self.items[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// The token a parse error quotes: at most 40 characters.
fn quoted(token: &str) -> String {
    token.chars().take(40).collect()
}

/// Whether `c` can be part of a vertex's name.
fn name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '\'')
}

/// A token of a line: a name or a colon, its column (in characters, from 1) and text.
struct Piece<'a> {
    column: usize,
    text: &'a str,
}

/// Splits a line (its comment removed) into names and colons, refusing a bad character.
fn pieces(line: &str, number: usize) -> Result<Vec<Piece<'_>>, GraphParseError> {
    let mut out = Vec::new();
    // The word being read: its byte start, its column and its first bad character.
    let mut word: Option<(usize, usize, Option<char>)> = None;
    let mut column = 0;
    let chars = line.char_indices().map(Some).chain(std::iter::once(None));
    for item in chars {
        column += 1;
        let (i, c) = item.unwrap_or((line.len(), ' '));
        if c.is_whitespace() || c == ':' {
            if let Some((s, col, bad)) = word.take() {
                if let Some(b) = bad {
                    return Err(GraphParseError {
                        line: number,
                        column: col,
                        token: quoted(&line[s..i]),
                        why: ParseWhy::BadCharacter(b),
                    });
                }
                out.push(Piece {
                    column: col,
                    text: &line[s..i],
                });
            }
            if c == ':' {
                out.push(Piece {
                    column,
                    text: &line[i..i + 1],
                });
            }
        } else {
            let w = word.get_or_insert((i, column, None));
            if w.2.is_none() && !name_char(c) {
                w.2 = Some(c);
            }
        }
    }
    Ok(out)
}

/// A fast hash for names (the multiply-and-rotate of rustc's FxHasher): a graph file's names
/// are not chosen against it, and the default SipHash costs a third of reading a large file.
#[derive(Default, Clone, Copy)]
struct NameHasher(u64);

impl std::hash::Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let word = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The graph being read: the names met so far and each vertex's definition.
#[derive(Default)]
struct Reading<'a> {
    ids: std::collections::HashMap<&'a str, u32, std::hash::BuildHasherDefault<NameHasher>>,
    names: Vec<&'a str>,
    /// For each vertex: the line defining it (0 if none) and its successors' range in `flat`.
    defined: Vec<(usize, u32, u32)>,
    flat: Vec<u32>,
}

impl<'a> Reading<'a> {
    /// The number of the vertex named `name`, a new one if it is new; `None` when there are
    /// already [`MAX_SIZE`] vertices.
    fn id(&mut self, name: &'a str) -> Option<u32> {
        if let Some(&v) = self.ids.get(name) {
            return Some(v);
        }
        if self.names.len() >= MAX_SIZE {
            return None;
        }
        let v = self.names.len() as u32;
        self.ids.insert(name, v);
        self.names.push(name);
        self.defined.push((0, 0, 0));
        Some(v)
    }
}

impl Digraph {
    /// Reads a graph in the file format of this module: one vertex a line,
    /// `name: successor successor …`, `#` comments, blank lines; a vertex named only as a
    /// successor has no moves. Vertices are numbered in the order their names first appear.
    /// Lines may end in `\r\n`; a UTF-8 byte order mark at the start is skipped.
    ///
    /// ```
    /// use nimsolve::games::graph::theory::Digraph;
    /// let g = Digraph::parse(b"a: b c\nb: a # a cycle\n").unwrap();
    /// assert_eq!(g.len(), 3);
    /// assert_eq!(g.successors(0), &[1, 2]);
    /// assert_eq!(g.index("c"), Some(2));
    /// ```
    ///
    /// # Errors
    /// [`GraphParseError`], with the line, the column and the token: a line without a colon
    /// ([`ParseWhy::NoColon`]), without a name before it ([`ParseWhy::NoName`]), with two
    /// names before it ([`ParseWhy::TwoNames`]) or two colons ([`ParseWhy::SecondColon`]), a
    /// character no name has ([`ParseWhy::BadCharacter`]), a vertex defined twice
    /// ([`ParseWhy::Duplicate`]), bytes that are not UTF-8, more than [`MAX_SIZE`] vertices.
    pub fn parse(text: &[u8]) -> Result<Digraph, GraphParseError> {
        let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        let mut r = Reading::default();
        // About one vertex a line: no rehashing of the names as they come.
        r.ids.reserve(memchr::memchr_iter(b'\n', text).count() + 1);
        for (k, raw) in text.split(|&b| b == b'\n').enumerate() {
            let number = k + 1;
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            let line = std::str::from_utf8(raw).map_err(|e| {
                let good = std::str::from_utf8(&raw[..e.valid_up_to()]).unwrap_or("");
                GraphParseError {
                    line: number,
                    column: good.chars().count() + 1,
                    token: quoted(&String::from_utf8_lossy(&raw[e.valid_up_to()..])),
                    why: ParseWhy::NotUtf8,
                }
            })?;
            let line = line.split('#').next().unwrap_or("");
            let parts = pieces(line, number)?;
            if parts.is_empty() {
                continue;
            }
            let fail = |p: &Piece<'_>, why| GraphParseError {
                line: number,
                column: p.column,
                token: quoted(p.text),
                why,
            };
            let too_many = |p: &Piece<'_>| fail(p, ParseWhy::TooManyVertices { most: MAX_SIZE });
            let Some(colon) = parts.iter().position(|p| p.text == ":") else {
                let at = parts.get(1).unwrap_or(&parts[0]);
                return Err(fail(at, ParseWhy::NoColon));
            };
            match colon {
                0 => return Err(fail(&parts[0], ParseWhy::NoName)),
                1 => {}
                _ => return Err(fail(&parts[1], ParseWhy::TwoNames)),
            }
            if let Some(second) = parts[2..].iter().find(|p| p.text == ":") {
                return Err(fail(second, ParseWhy::SecondColon));
            }
            let v = r.id(parts[0].text).ok_or_else(|| too_many(&parts[0]))? as usize;
            if r.defined[v].0 != 0 {
                let first_line = r.defined[v].0;
                return Err(fail(&parts[0], ParseWhy::Duplicate { first_line }));
            }
            let from = r.flat.len() as u32;
            for p in &parts[2..] {
                let w = r.id(p.text).ok_or_else(|| too_many(p))?;
                if r.flat.len() >= MAX_SIZE {
                    return Err(too_many(p));
                }
                r.flat.push(w);
            }
            r.defined[v] = (number, from, r.flat.len() as u32);
        }
        let Reading {
            names,
            defined,
            flat,
            ..
        } = r;
        let mut start = Vec::with_capacity(names.len() + 1);
        let mut succ = Vec::with_capacity(flat.len());
        start.push(0u32);
        for &(_, from, to) in &defined {
            succ.extend_from_slice(&flat[from as usize..to as usize]);
            start.push(succ.len() as u32);
        }
        Ok(Digraph::assemble(&names, start, succ))
    }

    /// The graph with vertices 0..n, `successors[v]` the successors of v, named by their
    /// numbers (`"0"`, `"1"`, …).
    ///
    /// # Errors
    /// [`GraphError::NoSuchVertex`] for a successor ≥ n, [`GraphError::TooLarge`] beyond
    /// [`MAX_SIZE`] vertices or edges.
    pub fn from_successors(successors: &[Vec<usize>]) -> Result<Digraph, GraphError> {
        let n = successors.len();
        let edges: usize = successors.iter().map(Vec::len).sum();
        for count in [n, edges] {
            if count > MAX_SIZE {
                return Err(GraphError::TooLarge {
                    count,
                    most: MAX_SIZE,
                });
            }
        }
        let mut start = Vec::with_capacity(n + 1);
        let mut succ = Vec::with_capacity(edges);
        start.push(0u32);
        for row in successors {
            for &w in row {
                if w >= n {
                    return Err(GraphError::NoSuchVertex {
                        vertex: w,
                        vertices: n,
                    });
                }
                succ.push(w as u32);
            }
            start.push(succ.len() as u32);
        }
        let names: Vec<String> = (0..n).map(|v| v.to_string()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Ok(Digraph::assemble(&names, start, succ))
    }

    fn assemble(names: &[&str], start: Vec<u32>, succ: Vec<u32>) -> Digraph {
        let mut text = String::with_capacity(names.iter().map(|n| n.len()).sum());
        let mut bounds = Vec::with_capacity(names.len() + 1);
        bounds.push(0);
        for name in names {
            text.push_str(name);
            bounds.push(text.len());
        }
        let size = (2 * names.len()).next_power_of_two().max(2);
        let bits = size.trailing_zeros();
        let mut table = vec![NO_VERTEX; size];
        for (v, name) in names.iter().enumerate() {
            let mut at = slot(name, bits);
            while table[at] != NO_VERTEX {
                at = (at + 1) & (size - 1);
            }
            table[at] = v as u32;
        }
        Digraph {
            text,
            bounds,
            start,
            succ,
            table,
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.bounds.len() - 1
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.succ.len()
    }

    /// The successors of vertex `v` (the options of a token on it), as written. Panics if `v`
    /// is not a vertex.
    pub fn successors(&self, v: usize) -> &[u32] {
        &self.succ[self.start[v] as usize..self.start[v + 1] as usize]
    }

    /// The name of vertex `v`. Panics if `v` is not a vertex.
    pub fn name(&self, v: usize) -> &str {
        &self.text[self.bounds[v]..self.bounds[v + 1]]
    }

    /// The vertex named `name`, if there is one.
    pub fn index(&self, name: &str) -> Option<usize> {
        let size = self.table.len();
        let mut at = slot(name, size.trailing_zeros());
        loop {
            let v = self.table[at];
            if v == NO_VERTEX {
                return None;
            }
            if self.name(v as usize) == name {
                return Some(v as usize);
            }
            at = (at + 1) & (size - 1);
        }
    }

    /// The predecessors of every vertex, with an edge's multiplicity.
    fn predecessors(&self) -> Rows {
        let n = self.len();
        let mut start = vec![0u32; n + 1];
        for &w in &self.succ {
            start[w as usize + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut items = vec![0u32; self.succ.len()];
        for v in 0..n {
            for &w in self.successors(v) {
                items[fill[w as usize] as usize] = v as u32;
                fill[w as usize] += 1;
            }
        }
        Rows { start, items }
    }

    /// The vertices in an order where every vertex comes after all its successors, or `None`
    /// when the graph has a cycle (Kahn's algorithm on the reversed edges).
    pub fn reverse_topological_order(&self) -> Option<Vec<u32>> {
        let pred = self.predecessors();
        self.sinks_first(&pred)
    }

    fn sinks_first(&self, pred: &Rows) -> Option<Vec<u32>> {
        let n = self.len();
        let mut left: Vec<u32> = (0..n).map(|v| self.start[v + 1] - self.start[v]).collect();
        let mut order: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
        let mut at = 0;
        while at < order.len() {
            let w = order[at] as usize;
            at += 1;
            for &p in pred.row(w) {
                left[p as usize] -= 1;
                if left[p as usize] == 0 {
                    order.push(p);
                }
            }
        }
        (order.len() == n).then_some(order)
    }
}

/// Which case of Smith's rule for sums decided a sum of tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SumRule {
    /// Every token's γ is finite: the sum is worth their nim-sum (0: a P-position).
    AllFinite {
        /// The nim-sum of the tokens' values.
        nim_sum: u64,
    },
    /// Exactly one token has γ = ∞(K): the sum is won iff K contains the nim-sum of the
    /// others, and drawn otherwise.
    OneInfinite {
        /// The token (an index into the tokens given).
        token: usize,
        /// The nim-sum b of the other tokens' values.
        others: u64,
        /// Whether b ∈ K: the infinite token can move to a vertex of value b.
        reaches: bool,
    },
    /// Two or more tokens have γ = ∞: the sum is worth ∞(∅), a draw.
    SeveralInfinite {
        /// Those tokens (indices into the tokens given).
        tokens: Vec<usize>,
    },
}

/// The verdict on a sum of tokens: its outcome, its value and the case that decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumVerdict {
    /// Who wins with best play.
    pub outcome: Outcome,
    /// γ of the sum.
    pub value: Gamma,
    /// Which case of the rule for sums decided it.
    pub rule: SumRule,
}

/// One token of a graph component in an explanation: its vertex and what the analysis says
/// of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenValue {
    /// The vertex's name.
    pub vertex: String,
    /// γ of the vertex.
    pub gamma: Gamma,
    /// The outcome of a token alone there.
    pub outcome: Outcome,
    /// Its remoteness, `None` for a draw.
    pub remoteness: Option<u32>,
}

/// The tokens of a graph component, each with its vertex's value, and γ of their sum: the
/// step that explains a graph component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphTokens {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// Each token, in the component's order.
    pub tokens: Vec<TokenValue>,
    /// γ of the sum of the tokens.
    pub value: Gamma,
}

/// A move of a sum of tokens: a token to one of its vertex's successors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TokenMove {
    /// The token (an index into the tokens given).
    pub token: usize,
    /// The vertex it moves from.
    pub from: usize,
    /// The vertex it moves to.
    pub to: usize,
}

/// A directed graph analysed: every vertex's γ (its Grundy value when the graph has no
/// cycle), outcome and remoteness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Whether the graph has no cycle (then every γ is finite: the Grundy value).
    pub acyclic: bool,
    /// γ of each vertex.
    pub gamma: Vec<Gamma>,
    /// The outcome of one token on each vertex, by retrograde analysis.
    pub outcome: Vec<Outcome>,
    /// The remoteness of each vertex whose outcome is decided (moves to the end of the game
    /// with best play: the winner ends it soonest, the loser latest); `None` for a draw.
    pub remoteness: Vec<Option<u32>>,
}

/// Marks an unlabelled vertex in the rounds of γ.
const UNLABELLED: u64 = u64::MAX;
/// Marks a vertex labelled ∞ in the rounds of γ.
const INFINITE: u64 = u64::MAX - 1;

/// The outcome and remoteness of one token on every vertex, by retrograde analysis: one
/// breadth-first pass over the reversed edges, vertices with no move first (see the module's
/// documentation). Linear time.
pub fn retrograde(graph: &Digraph) -> (Vec<Outcome>, Vec<Option<u32>>) {
    let pred = graph.predecessors();
    retrograde_with(graph, &pred)
}

fn retrograde_with(graph: &Digraph, pred: &Rows) -> (Vec<Outcome>, Vec<Option<u32>>) {
    let n = graph.len();
    let mut outcome = vec![Outcome::Draw; n];
    let mut remoteness: Vec<Option<u32>> = vec![None; n];
    let mut left: Vec<u32> = (0..n)
        .map(|v| graph.start[v + 1] - graph.start[v])
        .collect();
    let mut queue: Vec<u32> = Vec::new();
    for v in 0..n {
        if left[v] == 0 {
            outcome[v] = Outcome::Loss;
            remoteness[v] = Some(0);
            queue.push(v as u32);
        }
    }
    let mut at = 0;
    while at < queue.len() {
        let c = queue[at] as usize;
        at += 1;
        let r = remoteness[c].unwrap_or(0) + 1;
        let lost = outcome[c] == Outcome::Loss;
        for &p in pred.row(c) {
            let p = p as usize;
            if remoteness[p].is_some() {
                continue;
            }
            if lost {
                outcome[p] = Outcome::Win;
                remoteness[p] = Some(r);
                queue.push(p as u32);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    outcome[p] = Outcome::Loss;
                    remoteness[p] = Some(r);
                    queue.push(p as u32);
                }
            }
        }
    }
    (outcome, remoteness)
}

/// The Grundy values of a graph with no cycle, `order` listing every vertex after its
/// successors: g(v) = mex of its successors' values.
fn grundy_in_order(graph: &Digraph, order: &[u32]) -> Vec<u64> {
    let n = graph.len();
    let widest = (0..n).map(|v| graph.successors(v).len()).max().unwrap_or(0);
    let mut value = vec![0u64; n];
    let mut seen = vec![u32::MAX; widest + 1];
    for &v in order {
        let row = graph.successors(v as usize);
        for &w in row {
            let g = value[w as usize];
            if (g as usize) < seen.len() {
                seen[g as usize] = v;
            }
        }
        value[v as usize] = (0..).find(|&j| seen[j] != v).unwrap_or(0) as u64;
    }
    value
}

/// γ of every vertex by Fraenkel and Yesha's rounds (see the module's documentation): each
/// round m labels m by a retrograde pass with a counter per vertex of its unlabelled or ∞
/// options that have no option labelled m yet.
fn gamma_labels(graph: &Digraph, pred: &Rows) -> Vec<u64> {
    let n = graph.len();
    let mut label = vec![UNLABELLED; n];
    // has[v] == m: v has an option labelled m.
    let mut has = vec![UNLABELLED; n];
    let mut count = vec![0u32; n];
    let mut active: Vec<u32> = (0..n as u32).collect();
    let mut queue: Vec<u32> = Vec::new();
    let mut m = 0u64;
    while !active.is_empty() {
        for &u in &active {
            let c = graph
                .successors(u as usize)
                .iter()
                .filter(|&&w| label[w as usize] >= INFINITE)
                .count() as u32;
            count[u as usize] = c;
            if c == 0 {
                queue.push(u);
            }
        }
        while let Some(u) = queue.pop() {
            let u = u as usize;
            if label[u] != UNLABELLED || has[u] == m {
                continue;
            }
            label[u] = m;
            for &p in pred.row(u) {
                let p = p as usize;
                if has[p] == m {
                    continue;
                }
                has[p] = m;
                if label[p] >= INFINITE {
                    for &q in pred.row(p) {
                        let q = q as usize;
                        if label[q] == UNLABELLED {
                            count[q] -= 1;
                            if count[q] == 0 && has[q] != m {
                                queue.push(q as u32);
                            }
                        }
                    }
                }
            }
        }
        active.retain(|&u| {
            let u = u as usize;
            if label[u] != UNLABELLED {
                false
            } else if has[u] != m {
                label[u] = INFINITE;
                false
            } else {
                true
            }
        });
        m += 1;
    }
    label
}

/// Analyses a graph: Grundy values in reverse topological order when it has no cycle, γ by
/// Fraenkel and Yesha's rounds otherwise, and the outcome and remoteness of every vertex by
/// retrograde analysis. Iterative throughout.
///
/// ```
/// use nimsolve::games::graph::theory::{Digraph, Gamma, Outcome, analyse};
/// // a ⇄ b and b → c: c has no move (lost), b wins by moving to c, and a's only move is to
/// // b, so a is lost.
/// let g = Digraph::parse(b"a: b\nb: a c\n").unwrap();
/// let x = analyse(&g);
/// assert_eq!(x.outcome, vec![Outcome::Loss, Outcome::Win, Outcome::Loss]);
/// assert_eq!(x.gamma[1], Gamma::Finite(1));
/// ```
pub fn analyse(graph: &Digraph) -> Analysis {
    let pred = graph.predecessors();
    let (outcome, remoteness) = retrograde_with(graph, &pred);
    if let Some(order) = graph.sinks_first(&pred) {
        let gamma = grundy_in_order(graph, &order)
            .into_iter()
            .map(Gamma::Finite)
            .collect();
        return Analysis {
            acyclic: true,
            gamma,
            outcome,
            remoteness,
        };
    }
    let label = gamma_labels(graph, &pred);
    let gamma = (0..graph.len())
        .map(|v| {
            if label[v] == INFINITE {
                let mut k: Vec<u64> = graph
                    .successors(v)
                    .iter()
                    .map(|&w| label[w as usize])
                    .filter(|&g| g < INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gamma::Infinite(k)
            } else {
                Gamma::Finite(label[v])
            }
        })
        .collect();
    Analysis {
        acyclic: false,
        gamma,
        outcome,
        remoteness,
    }
}

impl Analysis {
    /// Decides the sum of tokens on `tokens` (vertex numbers; several may share a vertex; none
    /// is the empty sum, a P-position) by Smith's rule for sums (see the module's
    /// documentation).
    ///
    /// # Errors
    /// [`GraphError::NoSuchVertex`] for a vertex that is not the graph's.
    pub fn sum(&self, tokens: &[usize]) -> Result<SumVerdict, GraphError> {
        let vertices = self.gamma.len();
        if let Some(&vertex) = tokens.iter().find(|&&t| t >= vertices) {
            return Err(GraphError::NoSuchVertex { vertex, vertices });
        }
        let infinite: Vec<usize> = (0..tokens.len())
            .filter(|&i| self.gamma[tokens[i]].finite().is_none())
            .collect();
        let nim_sum = tokens
            .iter()
            .filter_map(|&t| self.gamma[t].finite())
            .fold(0, |a, b| a ^ b);
        Ok(match infinite.as_slice() {
            [] => SumVerdict {
                outcome: if nim_sum == 0 {
                    Outcome::Loss
                } else {
                    Outcome::Win
                },
                value: Gamma::Finite(nim_sum),
                rule: SumRule::AllFinite { nim_sum },
            },
            &[token] => {
                let Gamma::Infinite(k) = &self.gamma[tokens[token]] else {
                    unreachable!("the token's value is infinite")
                };
                let reaches = k.binary_search(&nim_sum).is_ok();
                let mut shifted: Vec<u64> = k.iter().map(|&x| x ^ nim_sum).collect();
                shifted.sort_unstable();
                SumVerdict {
                    outcome: if reaches { Outcome::Win } else { Outcome::Draw },
                    value: Gamma::Infinite(shifted),
                    rule: SumRule::OneInfinite {
                        token,
                        others: nim_sum,
                        reaches,
                    },
                }
            }
            _ => SumVerdict {
                outcome: Outcome::Draw,
                value: Gamma::Infinite(Vec::new()),
                rule: SumRule::SeveralInfinite { tokens: infinite },
            },
        })
    }

    /// Every winning move of the sum of tokens on `tokens`: the moves to a P-position (every γ
    /// finite, nim-sum 0), in increasing order of token and vertex, each once. Empty when the
    /// sum is lost or drawn. `graph` must be the graph analysed.
    ///
    /// # Errors
    /// [`GraphError::NoSuchVertex`] for a vertex that is not the graph's.
    pub fn winning_moves(
        &self,
        graph: &Digraph,
        tokens: &[usize],
    ) -> Result<Vec<TokenMove>, GraphError> {
        let verdict = self.sum(tokens)?;
        let mut moves = Vec::new();
        let mut push = |token: usize, target: u64| {
            let from = tokens[token];
            for &w in graph.successors(from) {
                if self.gamma[w as usize] == Gamma::Finite(target) {
                    moves.push(TokenMove {
                        token,
                        from,
                        to: w as usize,
                    });
                }
            }
        };
        match verdict.rule {
            SumRule::AllFinite { nim_sum } if nim_sum != 0 => {
                for (i, &t) in tokens.iter().enumerate() {
                    if let Some(g) = self.gamma[t].finite() {
                        push(i, g ^ nim_sum);
                    }
                }
            }
            SumRule::OneInfinite {
                token,
                others,
                reaches: true,
            } => push(token, others),
            _ => {}
        }
        moves.sort_unstable();
        moves.dedup();
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_two_cycle_draws_and_its_exit_wins() {
        // 0 ⇄ 1, 2 → 0 and 2 → 3.
        let g = Digraph::from_successors(&[vec![1], vec![0], vec![0, 3], vec![]]).unwrap();
        let x = analyse(&g);
        assert!(!x.acyclic);
        assert_eq!(x.gamma[0], Gamma::Infinite(vec![]));
        assert_eq!(x.gamma[2], Gamma::Infinite(vec![0]));
        assert_eq!(
            x.outcome,
            vec![Outcome::Draw, Outcome::Draw, Outcome::Win, Outcome::Loss]
        );
        assert_eq!(x.remoteness, vec![None, None, Some(1), Some(0)]);
        // Token on 2 and a token on 3: ∞({0}) + 0 — won, by moving to 3.
        let v = x.sum(&[2, 3]).unwrap();
        assert_eq!(v.outcome, Outcome::Win);
        assert_eq!(
            x.winning_moves(&g, &[2, 3]).unwrap(),
            vec![TokenMove {
                token: 0,
                from: 2,
                to: 3
            }]
        );
        assert_eq!(x.sum(&[2, 2]).unwrap().outcome, Outcome::Draw);
    }

    #[test]
    fn a_line_without_a_colon_is_refused_at_its_second_name() {
        let e = Digraph::parse(b"a: b\n\n  x y\n").unwrap_err();
        assert_eq!((e.line, e.column, e.token.as_str()), (3, 5, "y"));
        assert_eq!(e.why, ParseWhy::NoColon);
    }

    #[test]
    fn grundy_values_of_a_path() {
        let g = Digraph::parse(b"3: 2\n2: 1\n1: 0\n").unwrap();
        let x = analyse(&g);
        assert!(x.acyclic);
        let named: Vec<Gamma> = ["0", "1", "2", "3"]
            .iter()
            .map(|n| x.gamma[g.index(n).unwrap()].clone())
            .collect();
        assert_eq!(
            named,
            vec![
                Gamma::Finite(0),
                Gamma::Finite(1),
                Gamma::Finite(0),
                Gamma::Finite(1)
            ]
        );
    }
}
