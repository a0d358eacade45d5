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
use nimsolve::{Game, LoopyAnalysis, Move, Nat, Outcome, Position};
use serde::Serialize;
use serde_json::{Value, json};

use crate::cli::batch::PositionResult;
use crate::cli::i18n::MoveText;
use crate::cli::json::move_json;
use crate::cli::render::{PositionText, position_name};
use crate::cli::style::{Role, Style};

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

/// Answers `analyze` or `move` on a position with a component that may go on for ever, in
/// the shape of the other lines: `draw in tokens on the directed graph of g.txt + Nim, normal
/// play: neither player can force a win; …; γ = ∞({0}) ⊕ 3 = ∞({3})`.
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
    let single = position.is_single();
    if asked.json {
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
            winning_moves: (!asked.advise || asked.all).then(|| {
                a.winning_moves
                    .iter()
                    .map(|mv| move_json(position, mv))
                    .collect()
            }),
            advice: asked
                .advise
                .then(|| advice.as_ref().map(|mv| move_json(position, mv))),
            winning: asked
                .advise
                .then_some(a.outcome == GraphOutcome::Win && advice.is_some()),
            decided_by: "smith",
            remoteness: a.remoteness,
            position: position_text(position),
        };
        serde_json::to_writer(&mut *out, &record)?;
        out.push(b'\n');
        return Ok(PositionResult::Done(summary(a.outcome)));
    }
    if asked.quiet {
        return Ok(PositionResult::Done(summary(a.outcome)));
    }
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
    if asked.advise {
        match &advice {
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
        if asked.all && !a.winning_moves.is_empty() {
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
