//! `analyze` and `move` on a position that may go on for ever (tokens on a graph with cycles,
//! alone or in a sum): its outcome may be a draw, decided by [`Game::analyze_loopy`]; and
//! `grundy --game graph:FILE`, the table of every vertex of a graph.

use std::io::{self, Write};

use nimsolve::games::graph::Graph;
use nimsolve::games::graph::outcome_key;
use nimsolve::games::words::move_words;
use nimsolve::loopy::{Gamma, Outcome as GraphOutcome};
use nimsolve::{Game, LoopyAnalysis, Move, Nat, Outcome, Position};
use serde::Serialize;
use serde_json::{Value, json};

use crate::cli::i18n::{MoveText, PadLeft};
use crate::cli::json::move_json;
use crate::cli::render::{PositionText, component_text, position_name};
use crate::cli::style::{Role, Style};

/// What was found of a position that may go on for ever, and what the command asked of it.
pub struct LoopyAnswer<'a> {
    /// The position.
    pub position: &'a Position,
    /// Its analysis with draws.
    pub analysis: LoopyAnalysis,
    /// `move`: the move to play (`None` inside: no move is left); `None` for `analyze`.
    pub advice: Option<Option<Move>>,
    /// `move --all`: every winning move as well.
    pub all: bool,
}

impl<'a> LoopyAnswer<'a> {
    /// Decides `position` by [`Game::analyze_loopy`], with the move to play when `advise`.
    ///
    /// # Errors
    /// The analysis's: a limit, a component that is no position.
    pub fn find(
        game: &Game,
        position: &'a Position,
        advise: bool,
        all: bool,
    ) -> Result<LoopyAnswer<'a>, nimsolve::SolveError> {
        let analysis = game.analyze_loopy(position)?;
        let advice = advise.then(|| suggestion(game, position, &analysis));
        Ok(LoopyAnswer {
            position,
            analysis,
            advice,
            all,
        })
    }

    /// The outcome for a batch's summary: a draw is no win for the player to move.
    pub fn outcome(&self) -> Outcome {
        summary(self.analysis.outcome)
    }
}

/// γ as JSON: a number, or `{"infinite":[K…]}`.
pub fn gamma_json(g: &Gamma) -> Value {
    match g {
        Gamma::Finite(v) => json!(v),
        Gamma::Infinite(k) => json!({ "infinite": k }),
    }
}

/// The position in the position grammar: its components joined by ` + `.
fn position_text(position: &Position) -> String {
    let parts: Vec<String> = position
        .components()
        .map(|c| component_text(c.rules, c.piles))
        .collect();
    parts.join(" + ")
}

/// The engine's two outcomes for a batch summary: a draw is no win for the player to move.
fn summary(o: GraphOutcome) -> Outcome {
    if o == GraphOutcome::Win {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// The move to play: the first winning move; in a draw, the first move to a draw; in a loss,
/// the move after which the loss takes longest when remoteness is known, else the first move.
fn suggestion(game: &Game, position: &Position, a: &LoopyAnalysis) -> Option<Move> {
    if let Some(mv) = a.winning_moves.first() {
        return Some(mv.clone());
    }
    let mut moves: Vec<(Move, Option<LoopyAnalysis>)> = Vec::new();
    let parts: Vec<_> = position.components().collect();
    for c in &parts {
        let Some(small) = c
            .piles
            .iter()
            .map(nimsolve::Nat::to_u64)
            .collect::<Option<Vec<u64>>>()
        else {
            continue;
        };
        c.rules.each_move(&small, c.offset, &mut |mv, after| {
            // The position with this component after the move (a loop leaves it as it was,
            // which no change of piles describes).
            let sum = parts.iter().map(|d| {
                let piles = if d.index == c.index {
                    after.iter().map(|&x| nimsolve::Nat::from(x)).collect()
                } else {
                    d.piles.to_vec()
                };
                (d.rules.clone(), piles)
            });
            let after = Position::sum(sum)
                .ok()
                .and_then(|p| game.analyze_loopy(&p).ok());
            moves.push((mv, after));
        });
    }
    match a.outcome {
        GraphOutcome::Draw => moves
            .iter()
            .find(|(_, after)| {
                after
                    .as_ref()
                    .is_some_and(|x| x.outcome == GraphOutcome::Draw)
            })
            .map(|(mv, _)| mv.clone()),
        _ => moves
            .iter()
            .max_by_key(|(_, after)| after.as_ref().and_then(|x| x.remoteness))
            .map(|(mv, _)| mv.clone()),
    }
}

/// The JSON record of a position that may go on for ever, its fields in the order of the
/// other records: `piles`, `play`, `rules` (one component) or `components`, `grundy` (when γ is
/// finite), `gamma`, `outcome`, `winning_moves` or `move` and `winning`, `decided_by`,
/// `remoteness`, and `position`, the position in the grammar.
#[derive(Serialize)]
struct LoopyRecord<'a, M: Serialize> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    piles: &'a [Nat],
    play: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    components: Option<Vec<LoopyComponent<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<u64>,
    gamma: Value,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<M>>,
    /// `move`: the move to play, `null` when none is left.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    advice: Option<Option<M>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning: Option<bool>,
    decided_by: &'static str,
    remoteness: Option<u64>,
    position: String,
}

/// A component of [`LoopyRecord`]: `rules`, `piles`, `gamma`.
#[derive(Serialize)]
struct LoopyComponent<'a> {
    rules: Value,
    piles: &'a [Nat],
    gamma: Value,
}

/// The JSON record of a position that may go on for ever, one line.
///
/// # Errors
/// Write errors.
pub fn json_line(
    out: &mut Vec<u8>,
    game: &Game,
    answer: &LoopyAnswer<'_>,
    line: Option<u64>,
) -> io::Result<()> {
    let (position, a) = (answer.position, &answer.analysis);
    let advise = answer.advice.is_some();
    let advice = answer.advice.clone().flatten();
    let single = position.is_single();
    {
        let components = (!single).then(|| {
            a.components
                .iter()
                .map(|c| LoopyComponent {
                    rules: c.rules.json(),
                    piles: &position.piles()[c.piles.clone()],
                    gamma: gamma_json(&c.value),
                })
                .collect()
        });

        let record = LoopyRecord {
            line,
            piles: position.piles(),
            play: game.play().as_str(),
            rules: single
                .then(|| position.components().next().map(|c| c.rules.json()))
                .flatten(),
            components,
            grundy: a.value.finite(),
            gamma: gamma_json(&a.value),
            outcome: outcome_key(a.outcome),
            winning_moves: (!advise || answer.all).then(|| {
                a.winning_moves
                    .iter()
                    .map(|mv| move_json(position, mv))
                    .collect()
            }),
            advice: advise.then(|| advice.as_ref().map(|mv| move_json(position, mv))),
            winning: advise.then_some(a.outcome == GraphOutcome::Win && advice.is_some()),
            decided_by: "smith",
            remoteness: a.remoteness,
            position: position_text(position),
        };
        serde_json::to_writer(&mut *out, &record)?;
        out.push(b'\n');
    }
    Ok(())
}

/// A position that may go on for ever in words, in the shape of the other lines: `draw in
/// tokens on the directed graph of g.txt + Nim, normal play: neither player can force a win;
/// …; γ = ∞({0}) ⊕ 3 = ∞({3})`; with `explain`, the rule and the family's steps below.
///
/// # Errors
/// Write errors.
pub fn human_line(
    out: &mut Vec<u8>,
    game: &Game,
    answer: &LoopyAnswer<'_>,
    explain: bool,
    style: Style,
) -> io::Result<()> {
    let (position, a) = (answer.position, &answer.analysis);
    let words = style.words();
    let single = position.is_single();
    // A component alone is named by its own game.
    let alone = position
        .components()
        .next()
        .filter(|_| single)
        .map(|c| game.with_rules(c.rules.clone()));
    let name = position_name(words, alone.as_ref().unwrap_or(game), position);
    let class = match a.outcome {
        GraphOutcome::Win => style
            .painted(Role::Win, words.loopy_class(a.outcome))
            .to_string(),
        GraphOutcome::Loss => style
            .painted(Role::Lose, words.loopy_class(a.outcome))
            .to_string(),
        GraphOutcome::Draw => words.loopy_class(a.outcome).to_string(),
    };
    let pieces = words.verdict();
    let worded = |mv: &Move| {
        style
            .painted(
                Role::Move,
                MoveText(words, &position.move_words(mv), !single),
            )
            .to_string()
    };
    let mut text = String::new();
    if let Some(advice) = &answer.advice {
        match advice {
            None => text.push_str(&words.no_move_left(&name, game.play())),
            Some(mv) => {
                text.push_str(&worded(mv));
                // A loop on a graph leaves the position as it was.
                let after = match mv {
                    Move::To { before, after, .. } if before == after => Some(position.clone()),
                    _ => position.after(mv).ok(),
                };
                if let Some(after) = after {
                    text.push_str(&format!(" → {}", PositionText(words, &after)));
                }
                text.push_str(&words.loopy_advice(a.outcome, &class, &name));
            }
        }
        if answer.all && !a.winning_moves.is_empty() {
            let (head, sep) = words.every_winning_move_list();
            let listed: Vec<String> = a.winning_moves.iter().map(worded).collect();
            text.push_str(head);
            text.push_str(&listed.join(sep));
        }
    } else {
        text.push_str(&words.loopy_head(a.outcome, &class, &name));
        // γ of the position: of a sum, its components' joined by ⊕ (Smith's sum).
        text.push_str(pieces.sep);
        text.push_str("γ = ");
        if !single {
            let values: Vec<String> = a.components.iter().map(|c| words.gamma(&c.value)).collect();
            text.push_str(&values.join(" ⊕ "));
            text.push_str(" = ");
        }
        text.push_str(&words.gamma(&a.value));
        match a.winning_moves.as_slice() {
            [] if a.outcome == GraphOutcome::Loss => {
                if a.remoteness == Some(0) {
                    text.push_str(pieces.sep);
                    text.push_str(pieces.no_move);
                }
            }
            [] => {}
            [mv] => {
                text.push_str(pieces.sep);
                text.push_str(pieces.one_winning_move);
                text.push_str(&worded(mv));
            }
            [mv, ..] => {
                text.push_str(pieces.sep);
                text.push_str(&a.winning_moves.len().to_string());
                text.push_str(pieces.winning_moves_eg);
                text.push_str(&worded(mv));
            }
        }
        if let Some(r) = a.remoteness {
            let (before, after) = pieces.remoteness;
            text.push_str(pieces.sep);
            text.push_str(&format!("{before}{r}{after}"));
        }
    }
    writeln!(out, "{text}")?;
    if explain {
        let values: Vec<String> = a.components.iter().map(|c| words.gamma(&c.value)).collect();
        writeln!(out, "  {}", words.loopy_rule(&a.rule, &values))?;
        for c in position.components() {
            if let Ok(steps) = c.rules.explain_alone(c.piles, c.offset, &game.limits()) {
                for step in steps {
                    if let nimsolve::explain::Step::Family(f) = &step
                        && f.explains_loopy()
                    {
                        let painted = |mv: &Move| {
                            let worded = move_words(c.rules, c.piles, 0, mv);
                            MoveText(words, &worded, false).to_string()
                        };
                        writeln!(out, "  {}", words.family_step(f, c.piles, &painted))?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// A vertex of a graph's table: its name, value (its Grundy value, or γ: a number or ∞ with
/// its options' finite values), outcome and remoteness.
pub struct VertexRow<'a> {
    name: &'a str,
    gamma: &'a Gamma,
    outcome: GraphOutcome,
    remoteness: Option<u32>,
}

/// `grundy --game graph:FILE`: the graph's size, whether it is acyclic, and a row a vertex.
pub struct VertexTable<'a> {
    spec: &'a str,
    vertices: usize,
    edges: usize,
    acyclic: bool,
    rows: Vec<VertexRow<'a>>,
}

impl<'a> VertexTable<'a> {
    /// The table of `graph` (`spec` its `graph:FILE`): the vertices of `only`, or every vertex
    /// when it is empty.
    pub fn of(graph: &'a Graph, spec: &'a str, only: &[usize]) -> VertexTable<'a> {
        let (g, x) = (graph.graph(), graph.analysis());
        let row = |v: usize| VertexRow {
            name: g.name(v),
            gamma: &x.gamma[v],
            outcome: x.outcome[v],
            remoteness: x.remoteness[v],
        };
        VertexTable {
            spec,
            vertices: g.len(),
            edges: g.edge_count(),
            acyclic: x.acyclic,
            rows: if only.is_empty() {
                (0..g.len()).map(row).collect()
            } else {
                only.iter().map(|&v| row(v)).collect()
            },
        }
    }
}

/// A graph's table as one JSON object: `rules`, `vertices`, `edges`, `acyclic`, and `values`,
/// an object a row (`vertex`, `gamma`, `outcome`, `remoteness`).
///
/// # Errors
/// Write errors.
pub fn table_json(out: &mut dyn Write, table: &VertexTable<'_>) -> io::Result<()> {
    let values: Vec<Value> = table
        .rows
        .iter()
        .map(|row| {
            json!({
                "vertex": row.name,
                "gamma": gamma_json(row.gamma),
                "outcome": outcome_key(row.outcome),
                "remoteness": row.remoteness,
            })
        })
        .collect();
    let obj = json!({
        "rules": table.spec,
        "vertices": table.vertices,
        "edges": table.edges,
        "acyclic": table.acyclic,
        "values": values,
    });
    serde_json::to_writer(&mut *out, &obj)?;
    writeln!(out)
}

/// A graph's table in words: a head line, then a row a vertex (its name, outcome N/P/D, value
/// and remoteness).
///
/// # Errors
/// Write errors.
pub fn table_human(out: &mut dyn Write, table: &VertexTable<'_>, style: Style) -> io::Result<()> {
    let words = style.words();
    writeln!(
        out,
        "{}",
        words.graph_table_head(table.spec, table.vertices, table.edges, table.acyclic)
    )?;
    let width = table
        .rows
        .iter()
        .map(|row| crate::cli::i18n::display_width(row.name))
        .max()
        .unwrap_or(1);
    for row in &table.rows {
        let outcome = match row.outcome {
            GraphOutcome::Win => "N",
            GraphOutcome::Loss => "P",
            GraphOutcome::Draw => "D",
        };
        let r = row
            .remoteness
            .map_or_else(String::new, |r| format!("  r={r}"));
        writeln!(
            out,
            "{}  {outcome}  {}{r}",
            PadLeft(row.name, width),
            words.gamma(row.gamma)
        )?;
    }
    Ok(())
}
