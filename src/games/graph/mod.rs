//! Tokens on a directed graph read from a file (`graph:FILE V1 V2 …`): the file gives one
//! vertex a line, `name: successor successor …` ([`theory::Digraph::parse`]); the position
//! names the vertices the tokens stand on (several may share one). A move takes one token
//! along one edge; a player who cannot move loses; a play may go on for ever (a draw).
//!
//! The file is read and analysed once, when the spec is read ([`theory::analyse`]). With no
//! cycle every vertex has a Grundy value and the component is valued in closed form (the
//! nim-sum of its tokens' values), so it sums with every other family. With cycles each vertex
//! has γ, the generalised Sprague–Grundy value (Smith 1966; Fraenkel and Yesha 1986): finite,
//! or ∞(K) with K the finite values of its options; such a component is decided by Smith's rule
//! for sums ([`crate::Game::analyze_loopy`]), and the engine's search never plays it.

pub mod theory;

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::component::{ComponentGame, Whole};
use crate::error::{MoveRule, RuleError};
use crate::explain::Step;
use crate::games::facts::FamilyStep;
use crate::games::names::FamilyName;
use crate::name::Name;
use crate::nat::{Nat, NumberError};
use crate::ruleset::{Family, Rules};
use theory::{Analysis, Digraph, Gamma, GraphTokens, Outcome, TokenValue, analyse};

/// The spec `graph:FILE`.
pub(crate) static FAMILY: Family = Family {
    keyword: "graph",
    syntax: "graph:FILE",
    about: "tokens on the vertices of a directed graph read from FILE (`name: successor …` a line); move one token along an edge; cycles may draw",
    parse,
};

/// The move rule, for the reason a change is no move.
pub const RULE: MoveRule = MoveRule {
    key: FamilyName::Graph,
};

/// Reads and analyses the graph of `graph:FILE`.
fn parse(arg: Option<&str>) -> Result<Rules, RuleError> {
    let file = match arg.map(str::trim) {
        Some(f) if !f.is_empty() => f,
        _ => {
            return Err(RuleError::MissingArgument {
                syntax: FAMILY.syntax,
            });
        }
    };
    Ok(Whole::rules(Graph::read(file)?))
}

/// Tokens on a directed graph: the graph, where it was read from, and its analysis.
#[derive(Clone)]
pub struct Graph {
    file: String,
    graph: Arc<Digraph>,
    analysis: Arc<Analysis>,
    /// The most successors of a vertex.
    degree: u64,
}

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "graph:{}", self.file)
    }
}

impl Graph {
    /// Reads the graph of `file` and analyses it.
    ///
    /// # Errors
    /// [`RuleError::GraphFileUnreadable`] when the file cannot be read (no such file, no
    /// permission), [`RuleError::BadGraphFile`] with the line, the token and why when a line is
    /// refused.
    pub fn read(file: &str) -> Result<Graph, RuleError> {
        let text = std::fs::read(file).map_err(|e| RuleError::GraphFileUnreadable {
            file: crate::ruleset::cut(file),
            missing: e.kind() == std::io::ErrorKind::NotFound,
            detail: e.kind().to_string(),
        })?;
        let graph = Digraph::parse(&text).map_err(|error| RuleError::BadGraphFile {
            file: crate::ruleset::cut(file),
            error,
        })?;
        Ok(Graph::new(file, graph))
    }

    /// The game on `graph`, read from `file`.
    pub fn new(file: &str, graph: Digraph) -> Graph {
        let analysis = analyse(&graph);
        let degree = (0..graph.len())
            .map(|v| graph.successors(v).len() as u64)
            .max()
            .unwrap_or(0);
        Graph {
            file: file.to_string(),
            graph: Arc::new(graph),
            analysis: Arc::new(analysis),
            degree,
        }
    }

    /// The graph.
    pub fn graph(&self) -> &Digraph {
        &self.graph
    }

    /// Its analysis: every vertex's γ, outcome and remoteness.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The vertices of a state, `None` when a number is no vertex.
    fn vertices(&self, state: &[Nat]) -> Option<Vec<usize>> {
        state
            .iter()
            .map(|n| {
                n.to_u64()
                    .map(|v| v as usize)
                    .filter(|&v| v < self.graph.len())
            })
            .collect()
    }

    /// γ of the sum of tokens on `tokens`.
    fn sum_value(&self, tokens: &[usize]) -> Option<Gamma> {
        self.analysis.sum(tokens).ok().map(|v| v.value)
    }

    /// The states one move from `tokens`, sorted, each once.
    fn moves_from(&self, tokens: &[usize]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &v) in tokens.iter().enumerate() {
            if tokens[..i].contains(&v) {
                continue;
            }
            for &w in self.graph.successors(v) {
                let mut after = tokens.to_vec();
                after[i] = w as usize;
                after.sort_unstable();
                out.push(after);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The outcome and remoteness of several tokens alone by retrograde analysis of the
    /// arrangements reachable from them, `None` past `limit` steps or for a draw.
    fn arrangement_remoteness(&self, start: &[usize], limit: u64) -> Option<u64> {
        let mut root = start.to_vec();
        root.sort_unstable();
        let mut index: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut states: Vec<Vec<usize>> = vec![root.clone()];
        index.insert(root, 0);
        let mut children: Vec<Vec<usize>> = Vec::new();
        let mut work = 0u64;
        let mut next = 0;
        while next < states.len() {
            let options = self.moves_from(&states[next]);
            work = work.saturating_add(options.len() as u64 + 1);
            if work > limit {
                return None;
            }
            let mut ids = Vec::with_capacity(options.len());
            for o in options {
                let id = *index.entry(o.clone()).or_insert_with(|| {
                    states.push(o);
                    states.len() - 1
                });
                ids.push(id);
            }
            children.push(ids);
            next += 1;
        }
        let n = states.len();
        let mut parents: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (p, cs) in children.iter().enumerate() {
            for &c in cs {
                parents[c].push(p);
            }
        }
        // Remoteness: lost with no move (0); won in 1 + the least of a move to a lost one; lost
        // in 1 + the greatest when every move goes to a won one (Smith).
        let mut label: Vec<Option<(bool, u64)>> = vec![None; n];
        let mut left: Vec<usize> = children.iter().map(Vec::len).collect();
        let mut most: Vec<u64> = vec![0; n];
        let mut queue = VecDeque::new();
        for (i, cs) in children.iter().enumerate() {
            if cs.is_empty() {
                label[i] = Some((false, 0));
                queue.push_back(i);
            }
        }
        while let Some(c) = queue.pop_front() {
            let Some((won, r)) = label[c] else { continue };
            for &p in &parents[c] {
                if label[p].is_some() {
                    continue;
                }
                if !won {
                    label[p] = Some((true, r + 1));
                    queue.push_back(p);
                } else {
                    most[p] = most[p].max(r + 1);
                    left[p] -= 1;
                    if left[p] == 0 {
                        label[p] = Some((false, most[p]));
                        queue.push_back(p);
                    }
                }
            }
        }
        label[0].map(|(_, r)| r)
    }
}

impl ComponentGame for Graph {
    fn spec(&self) -> String {
        format!("graph:{}", self.file)
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Graph,
            arg: Some(self.file.clone()),
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "kind": "graph",
            "file": self.file,
            "vertices": self.graph.len(),
            "edges": self.graph.edge_count(),
            "acyclic": self.analysis.acyclic,
        })
    }

    fn rule(&self) -> MoveRule {
        RULE
    }

    fn write_state(&self, state: &[Nat], out: &mut Vec<u8>) {
        for (i, n) in state.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            match n.to_u64().filter(|&v| (v as usize) < self.graph.len()) {
                Some(v) => out.extend_from_slice(self.graph.name(v as usize).as_bytes()),
                None => n.write_decimal(out),
            }
        }
    }

    fn numbers_of_token(
        &self,
        token: &[u8],
        out: &mut Vec<Nat>,
    ) -> Option<Result<(), NumberError>> {
        let found = std::str::from_utf8(token)
            .ok()
            .and_then(|name| self.graph.index(name));
        Some(match found {
            Some(v) => {
                out.push(Nat::from(v as u64));
                Ok(())
            }
            None => Err(NumberError::NoSuchVertex),
        })
    }

    fn reads_tokens(&self) -> bool {
        true
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let tokens: Vec<usize> = state.iter().map(|&v| v as usize).collect();
        if tokens.iter().any(|&v| v >= self.graph.len()) {
            return;
        }
        for after in self.moves_from(&tokens) {
            let after: Vec<u64> = after.iter().map(|&v| v as u64).collect();
            f(&after);
        }
    }

    fn canonical(&self, state: &mut [u64]) {
        state.sort_unstable();
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        // With cycles the engine's search would never end: no bound.
        if !self.analysis.acyclic {
            return None;
        }
        // The arrangements of the tokens on the vertices reachable from them.
        let mut seen = vec![false; self.graph.len()];
        let mut stack: Vec<usize> = Vec::new();
        for &v in state {
            let v = usize::try_from(v).ok().filter(|&v| v < seen.len())?;
            if !seen[v] {
                seen[v] = true;
                stack.push(v);
            }
        }
        let mut reachable = 0u64;
        while let Some(v) = stack.pop() {
            reachable += 1;
            for &w in self.graph.successors(v) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w as usize);
                }
            }
        }
        (0..state.len()).try_fold(1u64, |acc, _| acc.checked_mul(reachable))
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        (state.len() as u64).saturating_mul(self.degree)
    }

    fn grundy(&self, state: &[Nat]) -> Option<Nat> {
        let tokens = self.vertices(state)?;
        self.sum_value(&tokens)?.finite().map(Nat::from)
    }

    fn listing_work(&self, state: &[Nat]) -> u64 {
        (state.len() as u64).saturating_mul(self.degree.max(1))
    }

    fn moves_to_value(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let tokens = self.vertices(state)?;
        let Some(target) = target.to_u64() else {
            return Some(ControlFlow::Continue(()));
        };
        for after in self.moves_from(&tokens) {
            if self.sum_value(&after) == Some(Gamma::Finite(target)) {
                let flow = f(after.iter().map(|&v| Nat::from(v as u64)).collect());
                if flow.is_break() {
                    return Some(flow);
                }
            }
        }
        Some(ControlFlow::Continue(()))
    }

    fn loopy_value(&self, state: &[Nat]) -> Option<Gamma> {
        if self.analysis.acyclic {
            return None;
        }
        self.sum_value(&self.vertices(state)?)
    }

    fn loopy_remoteness(&self, state: &[Nat], limit: u64) -> Option<u64> {
        let tokens = self.vertices(state)?;
        match tokens.as_slice() {
            [] => Some(0),
            [v] => self.analysis.remoteness[*v].map(u64::from),
            _ => self.arrangement_remoteness(&tokens, limit),
        }
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        let Some(tokens) = self.vertices(state) else {
            return Vec::new();
        };
        let Some(value) = self.sum_value(&tokens) else {
            return Vec::new();
        };
        vec![Step::Family(FamilyStep::Graph(GraphTokens {
            pile: offset,
            tokens: tokens
                .iter()
                .map(|&v| TokenValue {
                    vertex: self.graph.name(v).to_string(),
                    gamma: self.analysis.gamma[v].clone(),
                    outcome: self.analysis.outcome[v],
                    remoteness: self.analysis.remoteness[v],
                })
                .collect(),
            value,
        }))]
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        self.vertices(state)
            .is_some_and(|t| t.iter().any(|&v| !self.graph.successors(v).is_empty()))
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        let (Some(mut b), Some(mut a)) = (self.vertices(before), self.vertices(after)) else {
            return false;
        };
        if a.len() != b.len() {
            return false;
        }
        b.sort_unstable();
        a.sort_unstable();
        self.moves_from(&b).binary_search(&a).is_ok()
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        let tokens = self.vertices(state)?;
        let all = self.moves_from(&tokens);
        let k = crate::nat::uniform_below(rng, &Nat::from(all.len() as u64))?.to_u64()?;
        Some(
            all.get(k as usize)?
                .iter()
                .map(|&v| Nat::from(v as u64))
                .collect(),
        )
    }

    fn random_state(
        &self,
        count: usize,
        _max: &Nat,
        rng: &mut dyn rand::RngCore,
    ) -> Option<Vec<Nat>> {
        let n = Nat::from(self.graph.len() as u64);
        let mut state: Vec<Nat> = (0..count)
            .map(|_| crate::nat::uniform_below(rng, &n))
            .collect::<Option<_>>()?;
        state.sort();
        Some(state)
    }
}

/// Outcome words for JSON: `N`, `P`, `draw`.
pub fn outcome_key(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "N",
        Outcome::Loss => "P",
        Outcome::Draw => "draw",
    }
}
