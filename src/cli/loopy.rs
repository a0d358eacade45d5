//! `analyze` and `move` on a position that may go on for ever (tokens on a graph with cycles,
//! alone or in a sum): its outcome may be a draw, decided by [`Game::analyze_loopy`]; and
//! `grundy --game graph:FILE`, the table of every vertex of a graph.

use std::io::Write;

use anyhow::Result;
use nimsolve::engine::sum::write_component;
use nimsolve::games::graph::Graph;
use nimsolve::games::graph::outcome_key;
use nimsolve::games::words::move_words;
use nimsolve::loopy::{Gamma, Outcome as GraphOutcome};
use nimsolve::{Game, LoopyAnalysis, Move, Outcome, Position};
use serde_json::{Value, json};

use crate::cli::batch::PositionResult;
use crate::cli::i18n::MoveText;
use crate::cli::style::Style;

/// What the command asks of the position.
#[derive(Debug, Clone, Copy)]
pub struct Asked {
    /// JSON output.
    pub json: bool,
    /// The steps that decide (`analyze --explain`).
    pub explain: bool,
    /// No output (`analyze -q`).
    pub quiet: bool,
    /// `move`: the move to play (with `all`, every winning move as well).
    pub advise: bool,
    /// `move --all`.
    pub all: bool,
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
    let mut out = Vec::new();
    for (i, c) in position.components().enumerate() {
        if i > 0 {
            out.extend_from_slice(b" + ");
        }
        write_component(c.rules, c.piles, &mut out);
    }
    String::from_utf8_lossy(&out).into_owned()
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
fn suggestion(game: &Game, position: &Position, a: &LoopyAnalysis) -> Option<(usize, String)> {
    if let Some(mv) = a.winning_moves.first() {
        return position.component_after(mv);
    }
    let mut moves: Vec<((usize, String), Option<LoopyAnalysis>)> = Vec::new();
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
        c.rules.each_move(&small, c.offset, &mut |_, after| {
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
            let mut text = Vec::new();
            let piles: Vec<nimsolve::Nat> = after.iter().map(|&x| nimsolve::Nat::from(x)).collect();
            write_component(c.rules, &piles, &mut text);
            let after = Position::sum(sum)
                .ok()
                .and_then(|p| game.analyze_loopy(&p).ok());
            moves.push((
                (c.index, String::from_utf8_lossy(&text).into_owned()),
                after,
            ));
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

/// The moves as JSON: `{"component":c,"after":"…"}` (c counted from 1).
fn moves_json(position: &Position, moves: &[Move]) -> Vec<Value> {
    moves
        .iter()
        .filter_map(|mv| {
            let (c, after) = position.component_after(mv)?;
            Some(json!({"component": c + 1, "after": after}))
        })
        .collect()
}

/// Answers `analyze` or `move` on a position with a component that may go on for ever.
///
/// # Errors
/// Write errors.
pub fn answer(
    asked: Asked,
    game: &Game,
    position: &Position,
    line: Option<u64>,
    out: &mut Vec<u8>,
    style: Style,
) -> Result<PositionResult> {
    let a = match game.analyze_loopy(position) {
        Ok(a) => a,
        Err(e) => return Ok(PositionResult::Failed(e.into())),
    };
    let words = style.words();
    let advice = asked
        .advise
        .then(|| suggestion(game, position, &a))
        .flatten();
    if asked.json {
        let mut obj = serde_json::Map::new();
        if let Some(line) = line {
            obj.insert("line".into(), json!(line));
        }
        obj.insert("position".into(), json!(position_text(position)));
        obj.insert("play".into(), json!(game.play().as_str()));
        obj.insert(
            "components".into(),
            Value::Array(
                a.components
                    .iter()
                    .map(|c| {
                        json!({
                            "rules": c.rules.json(),
                            "piles": &position.piles()[c.piles.clone()],
                            "gamma": gamma_json(&c.value),
                        })
                    })
                    .collect(),
            ),
        );
        obj.insert("outcome".into(), json!(outcome_key(a.outcome)));
        obj.insert("gamma".into(), gamma_json(&a.value));
        if let Some(g) = a.value.finite() {
            obj.insert("grundy".into(), json!(g));
        }
        obj.insert("decided_by".into(), json!("smith"));
        if !asked.advise || asked.all {
            obj.insert(
                "winning_moves".into(),
                Value::Array(moves_json(position, &a.winning_moves)),
            );
        }
        if asked.advise {
            obj.insert(
                "move".into(),
                advice.as_ref().map_or(
                    Value::Null,
                    |(c, after)| json!({"component": c + 1, "after": after}),
                ),
            );
            obj.insert(
                "winning".into(),
                json!(a.outcome == GraphOutcome::Win && advice.is_some()),
            );
        }
        obj.insert("remoteness".into(), json!(a.remoteness));
        serde_json::to_writer(&mut *out, &Value::Object(obj))?;
        out.push(b'\n');
    } else if !asked.quiet {
        let text = position_text(position);
        let r = a
            .remoteness
            .map_or_else(String::new, |r| format!(" [remoteness {r}]"));
        writeln!(
            out,
            "{text}: {} (γ = {}){r}",
            words.loopy_outcome(a.outcome),
            words.gamma(&a.value)
        )?;
        if asked.explain {
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
        let shown: Vec<String> = if asked.advise && !asked.all {
            advice.iter().map(|(_, after)| after.clone()).collect()
        } else {
            a.winning_moves
                .iter()
                .filter_map(|mv| position.component_after(mv).map(|(_, after)| after))
                .collect()
        };
        if !shown.is_empty() {
            writeln!(out, "  → {}", shown.join(" | "))?;
        }
    }
    Ok(PositionResult::Done(summary(a.outcome)))
}

/// `grundy --game graph:FILE`: every vertex with its value (its Grundy value, or γ: a number
/// or ∞ with its options' finite values), its outcome and remoteness; only those of `only`
/// when it names any.
///
/// # Errors
/// Write errors.
pub fn table(
    graph: &Graph,
    spec: &str,
    only: &[usize],
    json: bool,
    style: Style,
    out: &mut impl Write,
) -> Result<()> {
    let words = style.words();
    let g = graph.graph();
    let x = graph.analysis();
    let rows: Vec<usize> = if only.is_empty() {
        (0..g.len()).collect()
    } else {
        only.to_vec()
    };
    if json {
        let vertices: Vec<Value> = rows
            .iter()
            .map(|&v| {
                json!({
                    "vertex": g.name(v),
                    "gamma": gamma_json(&x.gamma[v]),
                    "outcome": outcome_key(x.outcome[v]),
                    "remoteness": x.remoteness[v],
                })
            })
            .collect();
        let obj = json!({
            "rules": spec,
            "vertices": g.len(),
            "edges": g.edge_count(),
            "acyclic": x.acyclic,
            "values": vertices,
        });
        serde_json::to_writer(&mut *out, &obj)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{}",
        words.graph_table_head(spec, g.len(), g.edge_count(), x.acyclic)
    )?;
    let width = rows
        .iter()
        .map(|&v| g.name(v).chars().count())
        .max()
        .unwrap_or(1);
    let mut text = String::new();
    for &v in &rows {
        let outcome = match x.outcome[v] {
            GraphOutcome::Win => "N",
            GraphOutcome::Loss => "P",
            GraphOutcome::Draw => "D",
        };
        let r = x.remoteness[v].map_or_else(String::new, |r| format!("  r={r}"));
        text.clear();
        text.push_str(&format!(
            "{:>width$}  {outcome}  {}{r}",
            g.name(v),
            words.gamma(&x.gamma[v])
        ));
        writeln!(out, "{text}")?;
    }
    Ok(())
}
