//! The human text: one function per thing shown, called by [`crate::cli::printer::Human`].
//! Rendering never computes game theory; it words what the library found (the reasons it
//! gives: [`Reason`], the theorem, the period). JSON is [`crate::cli::json`]'s.
//!
//! Human output takes a [`Style`], decided once per run: whether to colour (the outcome, the
//! winning moves, the nim-sum's highest bit) and the language. This file lays out the lines;
//! every word and sentence in them is the language's ([`crate::cli::i18n::Words`]).

use std::io::{self, Write};

use nimsolve::engine::misere::{MAX_SHOWN, MisereTheory};
use nimsolve::engine::quotient::{Elem, Presentation};
use nimsolve::engine::review::Step as ReviewStep;
use nimsolve::explain::{Explanation, MexStep, Step};
use nimsolve::{
    Advice, Analysis, ClassLabel, Fact, Game, Listing, Move, MoveVerdict, MoveWords, Nat, Outcome,
    Periodicity, Player, Position, Reason, Rules, SequenceProof, Theorem, Turn, Verdict, WordSum,
    WordTake,
};

use crate::cli::i18n::{
    self, MoveText, PadLeft, PadRight, QuotientPart, Words, analysis_move, set_text,
};
use crate::cli::style::{Role, Style};

// ---------------------------------------------------------------- shared pieces

/// The piles as people write them: `3 5 7` (nothing for none; [`PilesIn`] words that).
pub struct Piles<'a>(pub &'a [Nat]);

impl std::fmt::Display for Piles<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// [`Piles`] in a language: the empty position in words (`(empty)`).
struct PilesIn<'a>(&'a dyn Words, &'a [Nat]);

impl std::fmt::Display for PilesIn<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.1.is_empty() {
            return f.write_str(self.0.empty_piles());
        }
        Piles(self.1).fmt(f)
    }
}

/// The colour that marks an outcome.
fn outcome_role(outcome: Outcome) -> Role {
    match outcome {
        Outcome::N => Role::Win,
        Outcome::P => Role::Lose,
    }
}

/// The position class and label, e.g. `N-position (S2)`, `N 局面（S2，利己态）`, with the
/// class word coloured by outcome.
fn class(style: Style, outcome: Outcome, label: Option<ClassLabel>) -> String {
    let words = style.words();
    words.class(&class_word(style, outcome), label)
}

/// The label a family's fact gives the position's class (Nim's state), if any.
fn class_label(fact: Option<&Fact>) -> Option<ClassLabel> {
    fact.and_then(Fact::label)
}

/// The class word of an outcome, coloured by it: `N-position`.
fn class_word(style: Style, outcome: Outcome) -> String {
    let word = style.words().class_word(outcome);
    style.painted(outcome_role(outcome), word).to_string()
}

/// Appends the value that decides a position, after the separator: what the family's fact
/// decides by (`; nim-sum 1`, the Wythoff pair) where it has one, else `; Grundy value 3`
/// (the Grundy value beside a family's value is the JSON's).
fn put_deciding_value(
    line: &mut Vec<u8>,
    words: &dyn Words,
    grundy: Option<&Nat>,
    fact: Option<&Fact>,
) {
    if fact.is_some_and(|f| words.put_fact_value(line, f)) {
        return;
    }
    if let Some(g) = grundy {
        let pieces = words.verdict();
        line.extend_from_slice(pieces.sep.as_bytes());
        line.extend_from_slice(pieces.grundy_value.as_bytes());
        g.write_decimal(line);
    }
}

// ---------------------------------------------------------------- analyze

/// The names of a game and the heads of its verdict lines, computed once per run: `Nim, normal
/// play`, for one pile and for several (the names are the same; the lines of one pile and of
/// several are kept apart); the head of a line (`N-position (S2) in Nim, misère play: the player to move wins`) for every
/// Nim state (or none), outcome and way of deciding, so a batch copies it whole.
pub struct GameLabel {
    /// Indexed by [one pile?][[`ClassLabel::index`], or none last][outcome is N?][exhaustive
    /// search?].
    heads: [[[[Vec<u8>; 2]; 2]; ClassLabel::ALL.len() + 1]; 2],
    /// The game's rules, which word its moves.
    rules: Rules,
}

impl GameLabel {
    /// The labels of `game` in the style's language.
    pub fn new(game: &Game, style: Style) -> GameLabel {
        let words = style.words();
        let names = [1, 2].map(|piles| words.game_name(game, piles));
        let labels = [ClassLabel::ALL.map(Some).as_slice(), &[None]].concat();
        let heads = names.map(|name| {
            std::array::from_fn(|s| {
                [Outcome::P, Outcome::N].map(|outcome| {
                    [false, true].map(|exhaustive| {
                        let mut head = Vec::new();
                        verdict_head(&mut head, &name, outcome, labels[s], exhaustive, style);
                        head
                    })
                })
            })
        });
        GameLabel {
            heads,
            rules: game.rules().clone(),
        }
    }

    /// Appends the head of the verdict line of a position of `piles` piles whose outcome is
    /// `outcome`, decided by `decided_by`, and whose fact is `fact`.
    fn put_head(
        &self,
        line: &mut Vec<u8>,
        piles: usize,
        outcome: Outcome,
        fact: Option<&Fact>,
        decided_by: Theorem,
    ) {
        let exhaustive = decided_by == Theorem::ExhaustiveSearch;
        let label = class_label(fact).map_or(ClassLabel::ALL.len(), ClassLabel::index);
        let head = &self.heads[usize::from(piles != 1)][label][usize::from(outcome == Outcome::N)]
            [usize::from(exhaustive)];
        line.extend_from_slice(head);
    }
}

/// Appends the head of a verdict line: class, game and verdict, e.g. `N-position (S2) in Nim,
/// misère play: the player to move wins` or `Nim，反常规则（misère）下的 N 局面（S2，利己态）：先手必胜`.
fn verdict_head(
    line: &mut Vec<u8>,
    name: &str,
    outcome: Outcome,
    label: Option<ClassLabel>,
    exhaustive: bool,
    style: Style,
) {
    let class = class(style, outcome, label);
    let head = style
        .words()
        .verdict_head(&class, name, outcome, exhaustive);
    line.extend_from_slice(head.as_bytes());
}

/// One line: class, game, verdict, deciding value, winning moves, appended to `out`. For
/// example `N-position (S2) in Nim, normal play: the player to move wins; nim-sum 1; 3 winning
/// moves, e.g. take 1 from pile 1 (3 → 2)`. Nothing is formatted or allocated for a Nim
/// position whose numbers fit in 64 bits (the batch hot path): the head is the label's, the
/// rest is copied from the language's pieces.
pub fn verdict_line(
    out: &mut Vec<u8>,
    label: &GameLabel,
    piles: &[Nat],
    v: &Verdict,
    style: Style,
) -> io::Result<()> {
    label.put_head(out, piles.len(), v.outcome, v.fact.as_ref(), v.decided_by);
    let rules = &label.rules;
    verdict_rest(out, &Rest::of(v), None, false, style, &|| {
        let mv = v.suggestion.as_ref()?;
        Some(nimsolve::games::words::move_words(rules, piles, 0, mv))
    });
    out.push(b'\n');
    Ok(())
}

/// [`verdict_line`] of piles that each fit in a machine word, decided by their family's closed
/// form ([`Game::closed_sum_words`]): `moves` holds the first winning move, if any.
pub fn word_verdict_line(
    out: &mut Vec<u8>,
    label: &GameLabel,
    piles: &[u64],
    sum: &WordSum,
    moves: &[WordTake],
    style: Style,
) {
    let closed = &sum.closed;
    let fact = Some(&closed.fact);
    let decided_by = Theorem::Family(closed.theorem);
    label.put_head(out, piles.len(), closed.outcome, fact, decided_by);
    let rest = Rest {
        grundy: closed.grundy.as_ref(),
        fact,
        outcome: closed.outcome,
        winning_moves: sum.winning_moves,
        first_only: false,
        move_left: sum.move_left,
        remoteness: None,
    };
    verdict_rest(out, &rest, None, false, style, &|| {
        moves.first().map(|&take| MoveWords::of_take(piles, take))
    });
    out.push(b'\n');
}

/// [`verdict_line`] for a sum of two or more components: the components' names, and the
/// Grundy value as the xor of theirs: `N-position in Nim + Wythoff's game, normal play: the
/// player to move wins; Grundy value 1 ⊕ 0 = 1; 3 winning moves, e.g. …`.
pub fn sum_verdict_line(
    out: &mut Vec<u8>,
    game: &Game,
    advice: &Advice,
    style: Style,
) -> io::Result<()> {
    let a = &advice.analysis;
    let v = Verdict::from(advice.clone());
    let name = analysis_name(style.words(), game, a);
    let label = class_label(a.fact.as_ref());
    let exhaustive = a.decided_by == Theorem::ExhaustiveSearch;
    verdict_head(out, &name, a.outcome, label, exhaustive, style);
    let values = a
        .components
        .iter()
        .map(|c| c.grundy.as_ref().map(Nat::to_string))
        .collect::<Option<Vec<String>>>()
        .map(|values| values.join(" ⊕ "));
    verdict_rest(out, &Rest::of(&v), values.as_deref(), true, style, &|| {
        Some(analysis_move(game.rules(), a, v.suggestion.as_ref()?))
    });
    out.push(b'\n');
    Ok(())
}

/// The game of an analysis with its play convention: the game's name, or for a sum the names
/// of its components joined by +: `Nim + Wythoff's game, normal play`.
pub fn analysis_name(words: &dyn Words, game: &Game, a: &Analysis) -> String {
    if a.components.is_empty() {
        return words.game_name(game, a.piles.len());
    }
    let names: Vec<String> = a
        .components
        .iter()
        .map(|c| words.rules_name(&c.rules, c.piles.len()))
        .collect();
    words.sum_name(&names, game.play())
}

/// What the rest of a verdict line says, after its head.
struct Rest<'a> {
    grundy: Option<&'a Nat>,
    fact: Option<&'a Fact>,
    outcome: Outcome,
    winning_moves: usize,
    /// Only the first winning move was found (too many to count).
    first_only: bool,
    /// Whether any move is left.
    move_left: bool,
    remoteness: Option<u64>,
}

impl<'a> Rest<'a> {
    fn of(v: &'a Verdict) -> Rest<'a> {
        Rest {
            grundy: v.grundy.as_ref(),
            fact: v.fact.as_ref(),
            outcome: v.outcome,
            winning_moves: v.winning_moves,
            first_only: v.listing == Listing::First,
            move_left: v.suggestion.is_some(),
            remoteness: v.remoteness,
        }
    }
}

/// The rest of [`verdict_line`] after the head: `; nim-sum 1; 3 winning moves, e.g. …`;
/// `values`, a sum's components' Grundy values joined by ⊕; `suggestion`, the words of the
/// move suggested (asked for only when it is shown).
fn verdict_rest(
    line: &mut Vec<u8>,
    v: &Rest<'_>,
    values: Option<&str>,
    sum: bool,
    style: Style,
    suggestion: &dyn Fn() -> Option<MoveWords>,
) {
    let words = style.words();
    let pieces = words.verdict();
    let sep = pieces.sep.as_bytes();
    if let (Some(values), Some(g)) = (values, v.grundy) {
        line.extend_from_slice(sep);
        line.extend_from_slice(pieces.grundy_value.as_bytes());
        line.extend_from_slice(values.as_bytes());
        line.extend_from_slice(" = ".as_bytes());
        g.write_decimal(line);
    } else {
        put_deciding_value(line, words, v.grundy, v.fact);
    }
    let put_move = |line: &mut Vec<u8>, mv: &MoveWords| {
        style.start(line, Role::Move);
        words.put_move(line, mv, sum);
        style.end(line, Role::Move);
    };
    // A lost position's move is not shown: only whether there is one.
    let first_only = v.first_only && v.outcome == Outcome::N;
    let shown = if v.move_left && (v.winning_moves > 0 || first_only) {
        suggestion()
    } else {
        None
    };
    match (v.winning_moves, &shown) {
        (_, Some(mv)) if first_only => {
            line.extend_from_slice(sep);
            line.extend_from_slice(pieces.too_many_moves.as_bytes());
            put_move(line, mv);
        }
        (0, None) if !v.move_left => {
            line.extend_from_slice(sep);
            line.extend_from_slice(pieces.no_move.as_bytes());
        }
        (0, _) => {}
        (1, Some(mv)) => {
            line.extend_from_slice(sep);
            line.extend_from_slice(pieces.one_winning_move.as_bytes());
            put_move(line, mv);
        }
        (n, Some(mv)) => {
            line.extend_from_slice(sep);
            i18n::put_number(line, n);
            line.extend_from_slice(pieces.winning_moves_eg.as_bytes());
            put_move(line, mv);
        }
        (n, None) => {
            line.extend_from_slice(sep);
            i18n::put_number(line, n);
            line.extend_from_slice(pieces.winning_moves.as_bytes());
        }
    }
    if let Some(r) = v.remoteness {
        let (before, after) = pieces.remoteness;
        line.extend_from_slice(sep);
        line.extend_from_slice(before.as_bytes());
        Nat::from(r).write_decimal(line);
        line.extend_from_slice(after.as_bytes());
    }
}

/// The notes' reasoning for a position, over several lines: the piles (or their Grundy values)
/// in binary, their xor with its highest set bit marked, the state, the theorem, the move.
pub fn explain(
    w: &mut impl Write,
    game: &Game,
    advice: &Advice,
    explanation: &Explanation,
    style: Style,
) -> io::Result<()> {
    let a = &advice.analysis;
    let words = style.words();
    let position = if a.components.is_empty() && !a.piles.is_empty() {
        // As the game writes its numbers (a board's heads `3:5`).
        let mut out = Vec::new();
        game.rules().write_piles(&a.piles, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    } else if a.components.is_empty() {
        PilesIn(words, &a.piles).to_string()
    } else {
        SumText(a).to_string()
    };
    let name = analysis_name(words, game, a);
    writeln!(w, "{}", words.position_head(&position, &name))?;
    writeln!(w)?;
    // The values to xor: the piles themselves where the family's theorem decides by their
    // nim-sum (Nim), their Grundy values otherwise.
    let values: Option<(Vec<Nat>, Nat)> = match (
        a.fact.as_ref().and_then(Fact::deciding_value),
        &a.pile_grundy,
        &a.grundy,
    ) {
        (Some(x), _, _) => Some((a.piles.clone(), x.clone())),
        (None, Some(values), Some(g)) => Some((values.clone(), g.clone())),
        _ => None,
    };
    if !a.components.is_empty() {
        sum_table(w, style, a)?;
    } else if let Some((values, x)) = &values {
        xor_table(w, style, a, values, x)?;
    }
    if let Some(fact) = &a.fact {
        for line in words.fact_lines(fact) {
            writeln!(w, "{line}")?;
        }
    }
    if let Some(p) = &a.periodicity {
        writeln!(w, "{}", words.periodicity(p))?;
    }
    family_steps(w, game, style, a, explanation, StepKind::Value)?;
    if let Some(values) = &a.misere_values {
        writeln!(w, "{}", words.misere_values(values))?;
    }
    if let Some(c) = &a.misere_classes {
        let heaps: Vec<String> = c.heaps.iter().map(|v| Presentation::word_text(v)).collect();
        let product = Presentation::word_text(&c.product);
        writeln!(
            w,
            "{}",
            words.misere_classes(&heaps, &product, a.outcome == Outcome::P)
        )?;
    }
    writeln!(w, "{}", words.by_theorem(a.decided_by))?;
    let word = class_word(style, a.outcome);
    writeln!(w, "  {}", words.verdict_sentence(&word, a.outcome))?;
    if let Some(mv) = &advice.suggestion {
        explain_move(w, game, style, advice, mv)?;
        if a.outcome == Outcome::N {
            component_move(w, style, a, mv)?;
        }
    }
    family_steps(w, game, style, a, explanation, StepKind::Move)?;
    if !a.winning_moves.is_empty() {
        let n = a.winning_moves.len();
        if a.listing == Listing::First {
            writeln!(w, "{}", words.first_winning_move_head())?;
        } else {
            writeln!(w, "{}", words.every_winning_move_head(n))?;
        }
        for mv in &a.winning_moves {
            let worded = analysis_move(game.rules(), a, mv);
            let text = MoveText(words, &worded, !a.components.is_empty());
            writeln!(w, "  {}", style.painted(Role::Move, text))?;
        }
    }
    if let Some(r) = a.remoteness {
        writeln!(w, "{}", words.remoteness_sentence(r))?;
    } else if let Some(need) = &explanation.remoteness_missing {
        writeln!(w, "{}", words.remoteness_missing(need))?;
    }
    Ok(())
}

/// Which steps of a family go where: the values' before the theorem, the move's after the
/// move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum StepKind {
    Value,
    Move,
}

impl StepKind {
    fn of(step: &Step) -> StepKind {
        if step.explains_move() {
            StepKind::Move
        } else {
            StepKind::Value
        }
    }
}

/// The family's steps of `kind`: for a sum, under a head per component.
fn family_steps(
    w: &mut impl Write,
    game: &Game,
    style: Style,
    a: &Analysis,
    explanation: &Explanation,
    kind: StepKind,
) -> io::Result<()> {
    let words = style.words();
    let mut any = false;
    for c in &explanation.components {
        let steps: Vec<&Step> = c.steps.iter().filter(|s| StepKind::of(s) == kind).collect();
        if steps.is_empty() {
            continue;
        }
        if let Some(value) = a.components.get(c.component) {
            let name = words.rules_name(&value.rules, value.piles.len());
            writeln!(w, "{}", words.component_steps_head(c.component + 1, &name))?;
        }
        for step in steps {
            writeln!(w, "{}", step_line(game, style, a, step))?;
        }
        any = true;
    }
    if any && kind == StepKind::Value {
        writeln!(w)?;
    }
    Ok(())
}

/// One step in words.
fn step_line(game: &Game, style: Style, a: &Analysis, step: &Step) -> String {
    let words = style.words();
    let named = !a.components.is_empty();
    let painted = |mv: &Move| {
        let worded = analysis_move(game.rules(), a, mv);
        style
            .painted(Role::Move, MoveText(words, &worded, named))
            .to_string()
    };
    match step {
        Step::Family(f) => words.family_step(f, &a.piles, &painted),
        Step::Mex(m) => {
            // The step names heaps as a sum's are counted ([`Analysis::heap_number`]).
            let pile = (0..a.piles.len())
                .find(|&p| a.heap_number(p) == Some(m.pile))
                .filter(|&p| a.piles[p] == m.heap)
                .map(|_| m.pile + 1);
            if m.options.is_empty() && m.option_count > 0 {
                let values = set_text(&m.values);
                words.mex_values(pile, &m.heap, m.option_count, &values, &m.value)
            } else {
                words.mex_listed(pile, &mex_formula(m))
            }
        }
        Step::Period(p) => words.period_step(p),
        Step::Value { pile, heap, value } => words.heap_value(pile + 1, heap, value),
    }
}

/// `g(7) = mex{g(5), g(2)} = mex{0, 1} = 2`; a split's option is `g(1) ⊕ g(8)`, the whole heap
/// taken `g(0)`.
fn mex_formula(m: &MexStep) -> String {
    let terms: Vec<String> = m
        .options
        .iter()
        .map(|o| match o.leaves.as_slice() {
            [] => "g(0)".to_string(),
            leaves => leaves
                .iter()
                .map(|h| format!("g({h})"))
                .collect::<Vec<_>>()
                .join(" ⊕ "),
        })
        .collect();
    let values: Vec<String> = m.options.iter().map(|o| o.value.to_string()).collect();
    format!(
        "g({}) = mex{{{}}} = mex{{{}}} = {}",
        m.heap,
        terms.join(", "),
        values.join(", "),
        m.value
    )
}

/// A sum as written: `nim 3 5 7 + wythoff 3 5`.
struct SumText<'a>(&'a Analysis);

impl std::fmt::Display for SumText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, c) in self.0.components.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{}", c.rules.spec())?;
            let piles = &self.0.piles[c.piles.clone()];
            if !piles.is_empty() {
                // As the game writes its numbers (a board's heads `3:5`).
                let mut out = vec![b' '];
                c.rules.write_piles(piles, &mut out);
                f.write_str(&String::from_utf8_lossy(&out))?;
            }
        }
        Ok(())
    }
}

/// The Sprague–Grundy table of a sum: each component, its game, piles and Grundy value, and
/// the xor so far (under misère play, without values).
fn sum_table(w: &mut impl Write, style: Style, a: &Analysis) -> io::Result<()> {
    let words = style.words();
    let normal = a.components.iter().all(|c| c.grundy.is_some());
    let mut rows: Vec<Vec<String>> = vec![
        words
            .sum_table_heads()
            .iter()
            .take(if normal { 5 } else { 3 })
            .map(|h| h.to_string())
            .collect(),
    ];
    let mut x = Nat::ZERO;
    for (i, c) in a.components.iter().enumerate() {
        let mut row = vec![
            (i + 1).to_string(),
            words.rules_name(&c.rules, c.piles.len()),
            match &a.piles[c.piles.clone()] {
                [] => PilesIn(words, &[]).to_string(),
                piles => {
                    // As the game writes its numbers (a board's heads `3:5`).
                    let mut out = Vec::new();
                    c.rules.write_piles(piles, &mut out);
                    String::from_utf8_lossy(&out).into_owned()
                }
            },
        ];
        if let Some(g) = &c.grundy {
            x.xor_assign(g);
            row.push(g.to_string());
            row.push(x.to_string());
        }
        rows.push(row);
    }
    let columns = rows[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|k| {
            rows.iter()
                .map(|r| i18n::display_width(&r[k]))
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in &rows {
        let mut line = String::from("  ");
        for (k, cell) in row.iter().enumerate() {
            if k + 1 == columns {
                line.push_str(cell);
            } else {
                line.push_str(&format!("{}  ", PadRight(cell, widths[k])));
            }
        }
        writeln!(w, "{}", line.trim_end())?;
    }
    writeln!(w)
}

/// Which component a winning move of a sum is in, and what it does to that component's value.
fn component_move(w: &mut impl Write, style: Style, a: &Analysis, mv: &Move) -> io::Result<()> {
    let first = mv.piles().start;
    let (Some((i, c)), Some(x)) = (
        a.components
            .iter()
            .enumerate()
            .find(|(_, c)| c.piles.contains(&first)),
        &a.grundy,
    ) else {
        return Ok(());
    };
    let Some(g) = &c.grundy else {
        return Ok(());
    };
    let words = style.words();
    let name = words.rules_name(&c.rules, c.piles.len());
    let to = g.xor(x);
    writeln!(w, "{}", words.component_move(i + 1, &name, g, x, &to))
}

/// The xor of the piles (or their Grundy values) in binary, the highest set bit's column
/// marked and, with colour, coloured in every row.
fn xor_table(
    w: &mut impl Write,
    style: Style,
    a: &Analysis,
    values: &[Nat],
    x: &Nat,
) -> io::Result<()> {
    // The piles themselves are xored where the family's theorem decides by their nim-sum.
    let piles_xored = a.fact.as_ref().and_then(Fact::deciding_value).is_some();
    let piles = &a.piles;
    let words = style.words();
    let xor_label = words.xor_label(piles_xored);
    let names: Vec<String> = (1..=values.len())
        .map(|i| words.row_label(piles_xored, i))
        .collect();
    let label_width = names
        .iter()
        .map(|name| i18n::display_width(name))
        .chain([i18n::display_width(xor_label)])
        .max()
        .unwrap_or(0);
    let width = values
        .iter()
        .chain([x])
        .map(Nat::bits)
        .max()
        .unwrap_or(1)
        .max(1) as usize;
    let num_width = values
        .iter()
        .chain([x])
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    // The highest set bit of the xor, and its column in the right-aligned binary numbers.
    let high = a.high_bit();
    let column = high.map(|h| width - 1 - h as usize);
    let binary = |w: &mut dyn Write, v: &Nat| -> io::Result<()> {
        let text = PadLeft(&v.to_binary(), width).to_string();
        match column {
            Some(c) if style.color() && text.as_bytes()[c] != b' ' => write!(
                w,
                "{}{}{}",
                &text[..c],
                style.painted(Role::HighBit, &text[c..=c]),
                &text[c + 1..]
            ),
            _ => w.write_all(text.as_bytes()),
        }
    };
    for (i, (name, v)) in names.iter().zip(values).enumerate() {
        write!(
            w,
            "  {} = {} = ",
            PadRight(name, label_width),
            PadLeft(&v.to_string(), num_width)
        )?;
        binary(w, v)?;
        if piles_xored {
            writeln!(w)?;
        } else {
            writeln!(w, "   {}", words.pile_holds(i + 1, &piles[i]))?;
        }
    }
    writeln!(
        w,
        "  {}   {}   {}",
        " ".repeat(label_width),
        " ".repeat(num_width),
        "-".repeat(width)
    )?;
    write!(
        w,
        "  {} = {} = ",
        PadRight(xor_label, label_width),
        PadLeft(&x.to_string(), num_width)
    )?;
    binary(w, x)?;
    writeln!(w)?;
    if let (Some(high), Some(c)) = (high, column) {
        let caret = format!("^ {}", words.highest_set_bit(high));
        let indent = 2 + label_width + 3 + num_width + 3 + c;
        writeln!(
            w,
            "{}{}",
            " ".repeat(indent),
            style.painted(Role::HighBit, caret)
        )?;
    }
    writeln!(w)
}

/// Why the suggested move is played: the notes' rule for Nim, or the move (or the fallback).
fn explain_move(
    w: &mut impl Write,
    game: &Game,
    style: Style,
    advice: &Advice,
    mv: &Move,
) -> io::Result<()> {
    let a = &advice.analysis;
    let words = style.words();
    // A winning move is coloured; the fallback move of a lost position is not.
    let worded = analysis_move(game.rules(), a, mv);
    let text = MoveText(words, &worded, !a.components.is_empty());
    let shown = if a.outcome == Outcome::N {
        style.painted(Role::Move, text).to_string()
    } else {
        text.to_string()
    };
    let high_bit = |bit: String| style.painted(Role::HighBit, bit).to_string();
    let sentence = match advice.reason {
        Reason::Family(why) => {
            // The move's pile as a sum's heaps are counted ([`Analysis::heap_number`]).
            let mut numbered = mv.clone();
            if let Move::Pile { pile, .. } = &mut numbered {
                *pile = a.heap_number(*pile).unwrap_or(*pile);
            }
            words.family_move_reason(why, a.fact.as_ref(), &numbered, &shown, &high_bit)
        }
        reason => words.move_reason(reason, &shown),
    };
    writeln!(w, "{sentence}")
}

// ---------------------------------------------------------------- move

/// A component's numbers as its game writes them (`0-1,1-2`, `3 5`), `(empty)` for none.
pub fn written(words: &dyn Words, rules: &nimsolve::Rules, piles: &[Nat]) -> String {
    if piles.is_empty() {
        return PilesIn(words, piles).to_string();
    }
    let mut out = Vec::new();
    rules.write_piles(piles, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// A component as the position grammar writes it, its spec first unless it is Nim (`kayles 4`,
/// `staircase 1 2 3`, `3 5`), so that it reads back as it is: the spec alone for a component
/// without numbers.
pub fn component_text(rules: &nimsolve::Rules, piles: &[Nat]) -> String {
    let mut out = Vec::new();
    nimsolve::engine::sum::write_component(rules, piles, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// One line: the move and the position after it, or why there is none.
pub fn advice_line(
    w: &mut impl Write,
    game: &Game,
    advice: &Advice,
    all: bool,
    style: Style,
) -> io::Result<()> {
    let a = &advice.analysis;
    let words = style.words();
    let name = analysis_name(words, game, a);
    match &advice.suggestion {
        None => write!(w, "{}", words.no_move_left(&name, a.play))?,
        Some(mv) => {
            let after = mv.apply(&a.piles).unwrap_or_default();
            let winning = advice.is_winning();
            let worded = analysis_move(game.rules(), a, mv);
            let text = MoveText(words, &worded, !a.components.is_empty());
            if winning {
                write!(w, "{}", style.painted(Role::Move, text))?;
            } else {
                write!(w, "{text}")?;
            }
            if a.components.is_empty() {
                // The position after in the grammar, its game's spec first: pasteable.
                write!(w, " → {}", component_text(game.rules(), &after))?;
            } else {
                // The piles after, component by component: a split's heaps take the place of
                // its pile, and a whole state may grow or shrink (edges fall, heads turn), so
                // the components from the move's own on end that many piles later or earlier.
                let growth = after.len() as isize - a.piles.len() as isize;
                let pile = mv.piles().start;
                let moved = |i: usize, from: usize| {
                    if i > from {
                        i.saturating_add_signed(growth)
                    } else {
                        i
                    }
                };
                let parts: Vec<String> = a
                    .components
                    .iter()
                    .map(|c| {
                        let (start, end) = (moved(c.piles.start, pile), moved(c.piles.end, pile));
                        let piles = after.get(start..end).unwrap_or_default();
                        component_text(&c.rules, piles)
                    })
                    .collect();
                write!(w, " → {}", parts.join(" + "))?;
            }
            let class = class(style, a.outcome, class_label(a.fact.as_ref()));
            write!(w, "{}", words.advice_verdict(winning, &class, &name))?;
            write!(w, "{}", words.advice_reason(advice.reason, a.remoteness))?;
        }
    }
    if all && !a.winning_moves.is_empty() {
        let (head, sep) = match a.listing {
            Listing::Every => words.every_winning_move_list(),
            Listing::First => (words.verdict().sep, ""),
        };
        if a.listing == Listing::First {
            write!(w, "{head}{}", words.verdict().too_many_moves)?;
        } else {
            write!(w, "{head}")?;
        }
        for (i, mv) in a.winning_moves.iter().enumerate() {
            if i > 0 {
                write!(w, "{sep}")?;
            }
            let worded = analysis_move(game.rules(), a, mv);
            let text = MoveText(words, &worded, !a.components.is_empty());
            write!(w, "{}", style.painted(Role::Move, text))?;
        }
    }
    writeln!(w)
}

// ---------------------------------------------------------------- play

/// The first line of a replay. `first` and `second` name the kinds of player as the command
/// line spells them (`optimal`, `random`, …).
pub fn play_header(
    w: &mut impl Write,
    game: &Game,
    start: &Position,
    first: &str,
    second: &str,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let name = position_name(words, game, start);
    let start = PositionText(words, start).to_string();
    let (first, second) = (words.player_kind(first), words.player_kind(second));
    writeln!(w, "{}", words.play_header(&name, &start, first, second))
}

/// The game a position is played under, with the play convention: the game's name, or for a
/// sum the names of its components joined by +.
pub fn position_name(words: &dyn Words, game: &Game, position: &Position) -> String {
    if position.is_single() {
        return words.game_name(game, position.piles().len());
    }
    let names: Vec<String> = position
        .components()
        .map(|c| words.rules_name(c.rules, c.piles.len()))
        .collect();
    words.sum_name(&names, game.play())
}

/// A position: a single component's numbers (`3 5 7`; its game is named beside), a sum's components in
/// the position grammar (`2 5 + wythoff 1 2`), pasteable into `analyze`.
pub struct PositionText<'a>(pub &'a dyn Words, pub &'a Position);

impl std::fmt::Display for PositionText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.1.is_single() {
            // The game is named beside: its numbers as it writes them (a graph's `0-1,1-2`).
            for c in self.1.components() {
                f.write_str(&written(self.0, c.rules, c.piles))?;
            }
            return Ok(());
        }
        for (i, c) in self.1.components().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            f.write_str(&component_text(c.rules, c.piles))?;
        }
        Ok(())
    }
}

/// One line per move: turn (right-aligned in `width` columns), player, move, position after
/// it (laid out in the components of `position`) and its state.
pub fn turn_line(
    w: &mut impl Write,
    position: &Position,
    turn: &Turn,
    width: usize,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    write!(
        w,
        "{:>width$}  {}  {}  → {}",
        turn.turn,
        PadRight(words.player(turn.player), 6),
        MoveText(
            words,
            &turn.after.move_words_after(&turn.mv),
            !position.is_single(),
        ),
        PositionText(words, &turn.after)
    )?;
    if let Some(tag) = step_tag(turn, style) {
        write!(w, "  {tag}")?;
    }
    writeln!(w)
}

/// The last line of a replay.
pub fn winner_line(
    w: &mut impl Write,
    game: &Game,
    winner: Player,
    turns: u64,
    style: Style,
) -> io::Result<()> {
    writeln!(w, "{}", style.words().winner(winner, turns, game.play()))
}

// ---------------------------------------------------------------- grundy

/// g(0..=upto), with the proof of its period when given.
pub fn grundy_sequence(
    w: &mut impl Write,
    game: &Game,
    values: &[Nat],
    proof: Option<&SequenceProof>,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let name = words.rules_name(game.rules(), 2);
    let upto = values.len().saturating_sub(1);
    let spec = game.rules().is_whole().then(|| game.rules().spec());
    writeln!(
        w,
        "{}",
        words.grundy_sequence_head(&name, spec.as_deref(), upto)
    )?;
    for (row, chunk) in values.chunks(20).enumerate() {
        write!(w, "{:>8}:", row * 20)?;
        for v in chunk {
            write!(w, " {v}")?;
        }
        writeln!(w)?;
    }
    match proof {
        None => Ok(()),
        Some(SequenceProof::ClosedForm {
            formula,
            period,
            reason,
        }) => writeln!(w, "{}", words.closed_form(formula, *reason, *period)),
        Some(SequenceProof::Periodic(p)) => writeln!(w, "{}", words.periodicity(p)),
        Some(SequenceProof::Unproven { values }) => {
            writeln!(w, "{}", words.no_period_in(*values))
        }
        Some(SequenceProof::Table) => writeln!(w, "{}", words.no_period()),
    }
}

// ---------------------------------------------------------------- nimber

/// An expression of nimbers and its value (`8 ⊗ 8 = 13`), then with `explain` every operation
/// in the order evaluated, a nim-product with its Fermat-power steps.
pub fn nimber(
    w: &mut impl Write,
    evaluation: &crate::cli::nimber::Evaluation,
    explain: bool,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    writeln!(
        w,
        "{}",
        words.nimber_value(&evaluation.canonical, &evaluation.value)
    )?;
    if explain {
        for op in &evaluation.ops {
            for line in words.nimber_op(op) {
                writeln!(w, "{line}")?;
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- quotient

/// A misère quotient: what it is, what was proven, its presentation, its P-portion and the
/// classes of the first `show` heaps.
pub fn quotient(
    w: &mut impl Write,
    game: &Game,
    theory: &MisereTheory,
    show: u64,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let name = words.rules_name(game.rules(), 2);
    let map = &theory.maps[0];
    let pres = &theory.presentation;
    let word = |x: Elem| Presentation::word_text(&pres.words[x as usize]);
    writeln!(w, "{}", words.quotient_head(&name, theory.method))?;
    writeln!(
        w,
        "{}",
        words.quotient_proof(
            map.checked(),
            theory.types,
            map.period,
            game.rules().misere_known_tame()
        )
    )?;
    let p = theory.p_portion();
    writeln!(
        w,
        "{}",
        words.quotient_order(theory.quotient.monoid.len(), p.len())
    )?;
    let heap = words.quotient_label(QuotientPart::Heap);
    let generators: Vec<String> = theory
        .generator_heaps
        .iter()
        .enumerate()
        .map(|(i, (_, atom))| {
            let at: Vec<String> = atom.iter().map(u64::to_string).collect();
            let at = match at.as_slice() {
                [h] => format!("{heap} {h}"),
                _ => format!("({})", at.join(", ")),
            };
            format!("{} = {at}", Presentation::generator_name(i))
        })
        .collect();
    writeln!(
        w,
        "{}",
        words.quotient_line(QuotientPart::Generators, &generators)
    )?;
    let relations: Vec<String> = pres
        .relations
        .iter()
        .map(|(v, nf)| {
            format!(
                "{} = {}",
                Presentation::word_text(v),
                Presentation::word_text(nf)
            )
        })
        .collect();
    writeln!(
        w,
        "{}",
        words.quotient_line(QuotientPart::Relations, &relations)
    )?;
    let p: Vec<String> = p.into_iter().map(word).collect();
    writeln!(w, "{}", words.quotient_line(QuotientPart::PPortion, &p))?;
    if map.atom_len() == 1 {
        writeln!(w, "{}", words.quotient_line(QuotientPart::Heaps, &[]))?;
        let heaps: Vec<String> = (0..show.min(MAX_SHOWN))
            .map_while(|h| map.image(&Nat::from(h)).map(word))
            .collect();
        for (row, chunk) in heaps.chunks(10).enumerate() {
            let cells: Vec<String> = chunk.iter().map(|x| format!("{x:<6}")).collect();
            writeln!(w, "{:>8}: {}", row * 10, cells.join(" ").trim_end())?;
        }
    }
    Ok(())
}

/// `g(pile) = value` for single piles (`g(3, 5) = 0` for pairs, `g(0-1,1-2) = 2` for a
/// position the game writes in its own tokens), then the proven period of the heap sequence,
/// if one is.
pub fn grundy_values(
    w: &mut impl Write,
    game: &Game,
    values: &[(Vec<Nat>, Nat)],
    period: Option<&Periodicity>,
    style: Style,
) -> io::Result<()> {
    for (position, g) in values {
        let written = if game.rules().reads_tokens() && game.rules().is_whole() {
            let mut text = Vec::new();
            nimsolve::engine::sum::write_component(game.rules(), position, &mut text);
            String::from_utf8_lossy(&text).into_owned()
        } else {
            let numbers: Vec<String> = position.iter().map(Nat::to_string).collect();
            numbers.join(", ")
        };
        writeln!(w, "g({written}) = {g}")?;
    }
    if let Some(p) = period {
        writeln!(w, "{}", style.words().periodicity(p))?;
    }
    Ok(())
}

/// The Wythoff Grundy table, rows a = 0..=n, columns b = 0..=n; the 0s (the P-positions) are
/// coloured when colour is on.
pub fn pair_table(
    w: &mut impl Write,
    game: &Game,
    table: &[Vec<Option<u64>>],
    style: Style,
) -> io::Result<()> {
    let width = table
        .iter()
        .flatten()
        .map(|v| v.map_or(1, |v| v.to_string().len()))
        .max()
        .unwrap_or(1)
        .max(table.len().to_string().len());
    let head = (table.len().saturating_sub(1)).to_string().len().max(3);
    let words = style.words();
    writeln!(
        w,
        "{}",
        words.pair_table_head(&words.rules_name(game.rules(), 2))
    )?;
    write!(w, "{:>head$} |", "a\\b")?;
    for b in 0..table.len() {
        write!(w, " {b:>width$}")?;
    }
    writeln!(w)?;
    writeln!(w, "{}", "-".repeat(head + 2 + (width + 1) * table.len()))?;
    for (a, row) in table.iter().enumerate() {
        write!(w, "{a:>head$} |")?;
        for v in row {
            match v {
                // No position of the game (a 0 in Euclid's game).
                None => write!(w, " {:>width$}", "·")?,
                Some(0) => write!(w, " {:>width$}", style.painted(Role::Lose, 0))?,
                Some(v) => write!(w, " {v:>width$}")?,
            }
        }
        writeln!(w)?;
    }
    let dots = table.iter().flatten().any(Option::is_none);
    writeln!(w, "{}", style.words().pair_table_known(dots))
}

// ---------------------------------------------------------------- review

/// The first line of a review: the game and the position it starts from.
pub fn review_header(
    w: &mut impl Write,
    game: &Game,
    start: &Position,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let name = position_name(words, game, start);
    let start = PositionText(words, start).to_string();
    writeln!(w, "{}", words.review_header(&name, &start))
}

/// The tag of the position after a move in a review or a coached game, from its state and
/// outcome: `[T2, P-position]` (in Chinese the notes' 奇异局势).
pub fn step_tag(turn: &Turn, style: Style) -> Option<String> {
    let words = style.words();
    let outcome = turn.outcome?;
    let word = style.painted(outcome_role(outcome), words.step_class_word(outcome));
    Some(words.turn_state(class_label(turn.fact.as_ref()), &word.to_string()))
}

/// One step of a review: turn, player, move, position after it (laid out in the components of
/// `position`), its tag and the verdict: `   1  first   take 6 from pile 1 (7 → 1)  → 1 8 9
/// [T2, P-position]  wins`.
/// A move from both piles of a Wythoff component names the pair it changed (`take 3 from
/// both piles 3 and 4 (4 7 → 1 4)`).
pub fn review_line(
    w: &mut impl Write,
    before: &Position,
    step: &ReviewStep,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let turn = &step.turn;
    let named = !turn.after.is_single();
    write!(
        w,
        "{:>4}  {}  {}  → {}",
        turn.turn,
        PadRight(words.player(turn.player), 6),
        MoveText(words, &before.move_words(&turn.mv), named),
        PositionText(words, &turn.after)
    )?;
    if let Some(tag) = step_tag(turn, style) {
        write!(w, "  {tag}")?;
    }
    let winning = match &step.verdict {
        MoveVerdict::Blunder { winning } => style
            .painted(
                Role::Move,
                MoveText(words, &before.move_words(winning), named),
            )
            .to_string(),
        _ => String::new(),
    };
    let verdict = words.review_verdict(&step.verdict, &winning);
    let role = match step.verdict {
        MoveVerdict::Wins => Some(Role::Win),
        MoveVerdict::Blunder { .. } => Some(Role::Lose),
        MoveVerdict::Lost => None,
    };
    match role {
        Some(role) => writeln!(w, "  {}", style.painted(role, verdict)),
        None => writeln!(w, "  {verdict}"),
    }
}

/// How a review ended, for its last line.
pub struct ReviewSummary<'a> {
    /// The game of the review's start.
    pub game: &'a Game,
    /// The last position read.
    pub position: &'a Position,
    /// Who won, when a legal move reached a position with no move left.
    pub winner: Option<Player>,
    /// The legal moves, the steps that were no single legal move, the lines after the end.
    pub legal: u64,
    /// See `legal`.
    pub illegal: u64,
    /// See `legal`.
    pub after_end: u64,
    /// `Some(at_start)` when a position with no move left was reached (`at_start`: the start
    /// had none); `None` when the input ended first.
    pub ended: Option<bool>,
}

/// `review`'s last line: who won (or where the game stands), then how many steps were no
/// single legal move and how many lines came after the end, if any.
///
/// # Errors
/// Write errors.
pub fn review_summary(w: &mut impl Write, s: &ReviewSummary<'_>, style: Style) -> io::Result<()> {
    let words = style.words();
    let at = PositionText(words, s.position).to_string();
    if s.legal + s.illegal == 0 && s.after_end == 0 {
        return writeln!(w, "{}", words.review_one_position(&at, s.ended.is_some()));
    }
    let moves = usize::try_from(s.legal).unwrap_or(usize::MAX);
    let summary = match (s.winner, s.ended) {
        (Some(winner), _) => words.winner(winner, s.legal, s.game.play()),
        (None, Some(at_start)) => words.review_no_winner(&at, moves, at_start),
        (None, None) => words.end_of_input(&at, moves),
    };
    writeln!(w, "{summary}")?;
    if s.illegal > 0 {
        writeln!(w, "{}", words.review_illegal_steps(s.illegal))?;
    }
    if s.after_end > 0 {
        writeln!(w, "{}", words.review_lines_after_end(s.after_end))?;
    }
    Ok(())
}

/// A line of a review after the end of the game (at line `end_line`, at `at`), in its place:
/// no turn and no player, the line's number and why it is not judged.
pub fn review_after_end_line(
    w: &mut impl Write,
    line: u64,
    end_line: u64,
    at: &Position,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let why = words.review_after_end(end_line, &PositionText(words, at).to_string());
    writeln!(
        w,
        "{:>4}  {}  {}",
        "-",
        PadRight("", 6),
        words.review_after_end_row(line, &why)
    )
}

/// A step of a review that no single legal move makes, in its place: turn, player and why.
pub fn review_no_move_line(
    w: &mut impl Write,
    turn: u64,
    before: &Position,
    after: &Position,
    why: &nimsolve::StepError,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let why = words.step_error(why);
    let (before, after) = (
        PositionText(words, before).to_string(),
        PositionText(words, after).to_string(),
    );
    writeln!(
        w,
        "{turn:>4}  {}  {}",
        PadRight(words.player(nimsolve::engine::review::mover(turn)), 6),
        words.no_single_move(&before, &after, &why)
    )
}

/// A compound other than the sum: its verdict and winning move on one line, and under
/// `explain` the theorem and each component's number on lines of their own.
pub fn compound(
    out: &mut Vec<u8>,
    position: &Position,
    a: &nimsolve::CompoundAnalysis,
    explain: bool,
    style: Style,
) -> io::Result<()> {
    let words = style.words();
    let text = nimsolve::engine::compound::written(position);
    let after = a.after.as_ref().map(nimsolve::engine::compound::written);
    let verdict = words.compound_verdict(a.compound, a.outcome, &text, a.decisive);
    let mv = words.compound_move(after.as_deref(), a.moves.len());
    if !explain {
        writeln!(out, "{verdict}{}{mv}", words.verdict().sep)?;
        return Ok(());
    }
    writeln!(out, "{verdict}")?;
    if !a.numbers.is_empty() {
        writeln!(
            out,
            "{}",
            words.compound_theorem(a.compound, &a.numbers, a.decisive)
        )?;
    }
    for (c, n) in position.components().zip(&a.numbers) {
        let one = component_text(c.rules, c.piles);
        let to = a
            .moves
            .iter()
            .find(|(i, _)| *i == c.index)
            .and_then(|(_, mv)| position.component_after(mv))
            .map(|(_, text)| text);
        let line = words.compound_component(a.compound, c.index, &one, *n, to.as_deref());
        writeln!(out, "  {line}")?;
    }
    writeln!(out, "{mv}")
}
