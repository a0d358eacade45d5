//! Problems of games on graphs: tokens on an acyclic digraph (`hdu1524`), Green Hackenbush on a
//! rooted tree (`hdu3094`) and on trees with hanging cycles (`poj3710`). The answers come from
//! the library's theory of games on graphs ([`nimsolve::games::graph::theory`] and
//! [`nimsolve::games::hackenbush::theory`]).

use std::collections::HashMap;
use std::io::Write;

use anyhow::{Result, bail};
use nimsolve::games::graph::theory::{Digraph, Outcome, analyse};
use nimsolve::games::hackenbush::theory::Hackenbush;

use crate::cli::judge::{Problem, Reader, say};

/// HDU 1524 "A Chess Game" (<http://acm.hdu.edu.cn/showproblem.php?pid=1524>; statement and
/// sample as quoted in the solution report "HDU 1524 A Chess Game—Game Theory—[Solution Report]
/// C++", <https://huggingface.co/datasets/nvidia/Nemotron-CC-Math-v1>). Test cases to the end of
/// the input, each: N (1 ≤ N ≤ 1000), then N lines `Xi` and Xi out-positions of position i
/// (0-based, no cycle), then queries `M` and M positions of chess pieces (1 ≤ M ≤ 10), a line
/// `0` ending the test case; `WIN` when the first player wins, else `LOSE`, a line a query.
pub static HDU1524: Problem = Problem {
    id: "hdu1524",
    aliases: &[],
    title: "A Chess Game",
    game: "tokens on an acyclic digraph: the nim-sum of the positions' Grundy values",
    solve: hdu1524,
};

fn hdu1524(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    while let Some(n) = input.count_or_end("N, the number of positions")? {
        let first = input.last_line();
        if n == 0 {
            bail!("line {first}: a test case has at least one position (1 ≤ N ≤ 1000)");
        }
        let vertices = usize::try_from(n).unwrap_or(usize::MAX);
        let mut successors: Vec<Vec<usize>> = Vec::new();
        for _ in 0..n {
            let x = input.count("Xi, the number of out-positions")?;
            let mut row = Vec::new();
            for _ in 0..x {
                let t = input.expect("an out-position")?;
                let w = crate::cli::judge::count(t, "an out-position")?;
                match usize::try_from(w) {
                    Ok(w) if w < vertices => row.push(w),
                    _ => {
                        return Err(t.error(format_args!(
                            "is not a position: positions are 0 to N − 1 = {}",
                            n - 1
                        )));
                    }
                }
            }
            successors.push(row);
        }
        let graph = Digraph::from_successors(&successors)?;
        let analysis = analyse(&graph);
        if !analysis.acyclic {
            bail!(
                "line {first}: the graph of this test case has a cycle; the statement's positions form a topological graph (no cycles)"
            );
        }
        loop {
            let m = input.count("M, the number of chess pieces")?;
            if m == 0 {
                break;
            }
            let mut tokens = Vec::new();
            for _ in 0..m {
                let t = input.expect("a chess piece's position")?;
                let v = crate::cli::judge::count(t, "a chess piece's position")?;
                match usize::try_from(v) {
                    Ok(v) if v < vertices => tokens.push(v),
                    _ => {
                        return Err(t.error(format_args!(
                            "is not a position: positions are 0 to N − 1 = {}",
                            n - 1
                        )));
                    }
                }
            }
            let verdict = analysis.sum(&tokens)?;
            say(
                out,
                if verdict.outcome == Outcome::Win {
                    "WIN"
                } else {
                    "LOSE"
                },
            )?;
        }
    }
    Ok(())
}

/// Reads `count` edges `a b` between vertices 1 to `vertices`, `what` naming them, as edges of
/// a Green Hackenbush graph whose vertex 1 is the ground (vertex v becomes v − 1). With `tree`,
/// an edge that closes a cycle (a loop, a second edge between two vertices, or one between two
/// vertices already joined) is refused: `count` = `vertices` − 1 edges without a cycle are a
/// tree.
fn rooted_edges(
    input: &mut Reader<'_>,
    count: u64,
    vertices: u64,
    what: &str,
    tree: bool,
) -> Result<Vec<(u64, u64)>> {
    let mut edges = Vec::new();
    // Union–find over the vertices read so far, to see a cycle close (only with `tree`).
    let mut parent: HashMap<u64, u64> = HashMap::new();
    fn root(parent: &mut HashMap<u64, u64>, mut v: u64) -> u64 {
        while let Some(&p) = parent.get(&v) {
            if let Some(&g) = parent.get(&p) {
                parent.insert(v, g);
            }
            v = p;
        }
        v
    }
    for _ in 0..count {
        let mut ends = [0u64; 2];
        let mut last = None;
        for end in &mut ends {
            let t = input.expect(what)?;
            let v = crate::cli::judge::count(t, what)?;
            if v == 0 || v > vertices {
                return Err(t.error(format_args!(
                    "is not a vertex: the vertices are 1 to {vertices}"
                )));
            }
            *end = v - 1;
            last = Some(t);
        }
        if tree && let Some(t) = last {
            let (a, b) = (root(&mut parent, ends[0]), root(&mut parent, ends[1]));
            if a == b {
                return Err(t.error(format_args!(
                    "closes a cycle with the edges before it (edge {} {}): the graph must be a \
                     tree",
                    ends[0] + 1,
                    ends[1] + 1
                )));
            }
            parent.insert(a, b);
        }
        edges.push((ends[0], ends[1]));
    }
    Ok(edges)
}

/// HDU 3094 "A tree game" (<http://acm.hdu.edu.cn/showproblem.php?pid=3094>; statement and
/// sample as quoted in the solution reports "HDU 3094-A Tree Game-DFS-[解题报告]HOJ",
/// <https://huggingface.co/datasets/nvidia/Nemotron-CC-Math-v1>). A count T (T ≤ 100), then per
/// test case N (1 ≤ N ≤ 10⁵) and N − 1 edges `I J` of a tree on vertices 1 to N rooted at 1;
/// a move deletes an edge and every edge no longer joined to the root; `Alice` when Alice, who
/// moves first, wins, else `Bob`, a line each.
pub static HDU3094: Problem = Problem {
    id: "hdu3094",
    aliases: &[],
    title: "A tree game",
    game: "Green Hackenbush on a rooted tree: the colon principle",
    solve: hdu3094,
};

fn hdu3094(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let cases = input.count("T, the number of test cases")?;
    for _ in 0..cases {
        let t = input.expect("N, the number of vertices")?;
        let n = crate::cli::judge::count(t, "N, the number of vertices")?;
        if n == 0 {
            return Err(t.error("is not N: a tree has at least one vertex (1 ≤ N ≤ 10^5)"));
        }
        let edges = rooted_edges(input, n - 1, n, "a vertex of an edge", true)?;
        let won = Hackenbush::new(&edges).value() != 0;
        say(out, if won { "Alice" } else { "Bob" })?;
    }
    Ok(())
}

/// POJ 3710 "Christmas Game" (<http://poj.org/problem?id=3710>; the sample's line breaks as in
/// the copy <http://wjhsh.net/Y-E-T-I-p-8438446.html>). Test cases to the end of the input,
/// each: N (N < 100), the number of trees, then per tree `m k` (m < 100 nodes numbered 1 to m,
/// node 1 the root; k < 500 edges) and k edges `a b`; a tree's edges may form simple cycles
/// hanging from it (two edges between the same nodes are a cycle of two). A move cuts an edge
/// and removes what is no longer joined to its root; `Sally`, who moves first, or `Harry`: the
/// winner, a line each.
pub static POJ3710: Problem = Problem {
    id: "poj3710",
    aliases: &[],
    title: "Christmas Game",
    game: "Green Hackenbush on trees with cycles: the fusion and colon principles",
    solve: poj3710,
};

fn poj3710(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    while let Some(trees) = input.count_or_end("N, the number of trees")? {
        let mut value = 0u64;
        for _ in 0..trees {
            let t = input.expect("m, the number of nodes")?;
            let m = crate::cli::judge::count(t, "m, the number of nodes")?;
            if m == 0 {
                return Err(t.error("is not m: a tree has at least its root, node 1"));
            }
            let k = input.count("k, the number of edges")?;
            let edges = rooted_edges(input, k, m, "a node of an edge", false)?;
            value ^= Hackenbush::new(&edges).value();
        }
        say(out, if value != 0 { "Sally" } else { "Harry" })?;
    }
    Ok(())
}
