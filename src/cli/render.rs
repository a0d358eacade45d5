//! The human printer: one function per thing shown. Rendering never computes game theory; it
//! words what the library found (the reasons it gives: [`Reason`], the theorem, the period).
//! JSON is [`crate::cli::json`]'s.
//!
//! Human output takes a [`Style`], decided once per run: whether to colour (the outcome, the
//! winning moves, the nim-sum's highest bit) and the language (see [`crate::cli::i18n`]).

use std::io::{self, Write};

use nimsolve::grundy::{PeriodProof, Periodicity};
use nimsolve::wythoff::WythoffPlace;
use nimsolve::{
    Advice, Analysis, Game, Move, Nat, NimState, Outcome, Play, Player, Position, Reason,
    SequenceProof, Theorem, Turn, Verdict,
};

use crate::cli::i18n::{self, Lang, MoveText, PadRight};
use crate::cli::style::{Role, Style};

// ---------------------------------------------------------------- shared pieces

/// The piles as people write them: `3 5 7` (`(empty)` for none).
pub struct Piles<'a>(pub &'a [Nat]);

impl std::fmt::Display for Piles<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(empty)");
        }
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// [`Piles`] in a language: the empty position is `（空）` in Chinese.
struct PilesIn<'a>(Lang, &'a [Nat]);

impl std::fmt::Display for PilesIn<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Lang::Zh if self.1.is_empty() => f.write_str("（空）"),
            _ => Piles(self.1).fmt(f),
        }
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
fn class(style: Style, outcome: Outcome, state: Option<NimState>) -> String {
    let word = style.painted(outcome_role(outcome), i18n::class_word(style.lang, outcome));
    match (style.lang, state) {
        (_, None) => word.to_string(),
        (Lang::En, Some(state)) => format!("{word} ({state})"),
        (Lang::Zh, Some(state)) => format!("{word}（{state}，{}）", i18n::state_family_zh(state)),
    }
}

/// The number that decides a position other than Nim's nim-sum: `Grundy value 3`, or the
/// Wythoff pair.
fn deciding_value(
    lang: Lang,
    grundy: Option<&Nat>,
    wythoff: Option<&WythoffPlace>,
) -> Option<String> {
    if let Some(g) = grundy {
        return Some(match lang {
            Lang::En => format!("Grundy value {g}"),
            Lang::Zh => format!("Grundy 值 {g}"),
        });
    }
    if let Some(place) = wythoff {
        let (a, b) = &place.pair;
        let k = &place.k;
        return Some(match (lang, place.is_pair) {
            (Lang::En, true) => format!("Wythoff pair k = {k} ({a}, {b})"),
            (Lang::En, false) => format!("difference {k}, whose Wythoff pair is ({a}, {b})"),
            (Lang::Zh, true) => format!("威佐夫对 k = {k} ({a}, {b})"),
            (Lang::Zh, false) => format!("两堆之差 {k}，对应的威佐夫对是 ({a}, {b})"),
        });
    }
    None
}

// ---------------------------------------------------------------- analyze

/// The names of a game and the heads of its verdict lines, computed once per run: `Nim, normal
/// play`, and for K-limited Nim the one-pile name (the Bash game) beside the many-pile one; the
/// head of a line (`N-position (S2) in Nim, misère play: the player to move wins`) for every
/// Nim state, so a batch copies it whole.
pub struct GameLabel {
    one_pile: String,
    many_piles: String,
    /// Indexed by [one pile?][`NimState`][outcome is N?].
    nim_heads: [[[Vec<u8>; 2]; 5]; 2],
}

const NIM_STATES: [NimState; 5] = [
    NimState::S0,
    NimState::S1,
    NimState::S2,
    NimState::T0,
    NimState::T2,
];

impl GameLabel {
    /// The labels of `game` in the style's language.
    pub fn new(game: &Game, style: Style) -> GameLabel {
        let one_pile = i18n::game_name(style.lang, game, 1);
        let many_piles = i18n::game_name(style.lang, game, 2);
        let nim_heads = [&one_pile, &many_piles].map(|name| {
            NIM_STATES.map(|state| {
                [Outcome::P, Outcome::N].map(|outcome| {
                    let mut head = Vec::new();
                    verdict_head(&mut head, name, outcome, Some(state), false, style);
                    head
                })
            })
        });
        GameLabel {
            one_pile,
            many_piles,
            nim_heads,
        }
    }

    fn for_piles(&self, piles: usize) -> &str {
        if piles == 1 {
            &self.one_pile
        } else {
            &self.many_piles
        }
    }

    /// Appends the head of the verdict line of `v` on `piles` piles.
    fn put_head(&self, line: &mut Vec<u8>, piles: usize, v: &Verdict, style: Style) {
        let exhaustive = v.decided_by == Theorem::ExhaustiveSearch;
        match &v.nim {
            Some((_, state)) if !exhaustive => {
                let by_state = &self.nim_heads[usize::from(piles != 1)];
                let heads = &by_state[NIM_STATES.iter().position(|s| s == state).unwrap_or(0)];
                line.extend_from_slice(&heads[usize::from(v.outcome == Outcome::N)]);
            }
            nim => {
                let state = nim.as_ref().map(|(_, s)| *s);
                let name = self.for_piles(piles);
                verdict_head(line, name, v.outcome, state, exhaustive, style);
            }
        }
    }
}

/// The head of a verdict line: class, game and verdict, e.g. `N-position (S2) in Nim, misère
/// play: the player to move wins` or `Nim，misère 规则下的 N 局面（S2，利己态）：先手必胜`.
fn verdict_head(
    line: &mut Vec<u8>,
    name: &str,
    outcome: Outcome,
    state: Option<NimState>,
    exhaustive: bool,
    style: Style,
) {
    let lang = style.lang;
    match lang {
        Lang::En => {
            let word = i18n::class_word(lang, outcome).as_bytes();
            style.paint(line, outcome_role(outcome), word);
            if let Some(state) = state {
                line.extend_from_slice(b" (");
                line.extend_from_slice(state.as_str().as_bytes());
                line.push(b')');
            }
            line.extend_from_slice(b" in ");
            line.extend_from_slice(name.as_bytes());
            line.extend_from_slice(b": ");
            line.extend_from_slice(i18n::outcome_phrase(lang, outcome).as_bytes());
            if exhaustive {
                line.extend_from_slice(b" (exhaustive search)");
            }
        }
        Lang::Zh => {
            line.extend_from_slice(name.as_bytes());
            line.extend_from_slice("下的 ".as_bytes());
            line.extend_from_slice(class(style, outcome, state).as_bytes());
            line.extend_from_slice("：".as_bytes());
            line.extend_from_slice(i18n::outcome_phrase(lang, outcome).as_bytes());
            if exhaustive {
                line.extend_from_slice("，由穷举搜索得出".as_bytes());
            }
        }
    }
}

/// `take 2 from pile 1 (3 → 1)`, as [`MoveText`] in English, without the formatting machinery
/// (`sum`: a move from both piles names them).
fn put_move(line: &mut Vec<u8>, mv: &Move, sum: bool) {
    match mv {
        Move::Pile { pile, from, to } => {
            line.extend_from_slice(b"take ");
            mv.take().write_decimal(line);
            line.extend_from_slice(b" from pile ");
            Nat::from(pile + 1).write_decimal(line);
            line.extend_from_slice(b" (");
            from.write_decimal(line);
            line.extend_from_slice(" → ".as_bytes());
            to.write_decimal(line);
            line.push(b')');
        }
        Move::Both { .. } | Move::Split { .. } => {
            line.extend_from_slice(MoveText(Lang::En, mv, sum).to_string().as_bytes())
        }
    }
}

/// One line: class, game, verdict, deciding value, winning moves, appended to `out`. For
/// example `N-position (S2) in Nim, normal play: the player to move wins; nim-sum 1; 3 winning
/// moves, e.g. take 1 from pile 1 (3 → 2)`. In English without colour nothing is formatted or
/// allocated for a Nim position whose numbers fit in 64 bits (the batch hot path).
pub fn verdict_line(
    out: &mut Vec<u8>,
    label: &GameLabel,
    piles: &[Nat],
    v: &Verdict,
    style: Style,
) -> io::Result<()> {
    label.put_head(out, piles.len(), v, style);
    match style.lang {
        Lang::En => verdict_en(out, v, None, false, style),
        Lang::Zh => verdict_zh(out, v, None, false, style)?,
    }
    out.push(b'\n');
    Ok(())
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
    let name = analysis_name(style.lang, game, a);
    let state = a.nim.as_ref().map(|(_, s)| *s);
    let exhaustive = a.decided_by == Theorem::ExhaustiveSearch;
    verdict_head(out, &name, a.outcome, state, exhaustive, style);
    let values = a
        .components
        .iter()
        .map(|c| c.grundy.as_ref().map(Nat::to_string))
        .collect::<Option<Vec<String>>>()
        .map(|values| values.join(" ⊕ "));
    match style.lang {
        Lang::En => verdict_en(out, &v, values.as_deref(), true, style),
        Lang::Zh => verdict_zh(out, &v, values.as_deref(), true, style)?,
    }
    out.push(b'\n');
    Ok(())
}

/// The game of an analysis with its play convention: the game's name, or for a sum the names
/// of its components joined by +: `Nim + Wythoff's game, normal play`.
pub fn analysis_name(lang: Lang, game: &Game, a: &Analysis) -> String {
    if a.components.is_empty() {
        return i18n::game_name(lang, game, a.piles.len());
    }
    let names: Vec<String> = a
        .components
        .iter()
        .map(|c| i18n::rules_name(lang, &c.rules, c.piles.len()))
        .collect();
    i18n::sum_name(lang, &names, game.play())
}

/// The rest of [`verdict_line`] after the head, in English; `values`, a sum's components'
/// Grundy values joined by ⊕.
fn verdict_en(line: &mut Vec<u8>, v: &Verdict, values: Option<&str>, sum: bool, style: Style) {
    if let (Some(values), Some(g)) = (values, &v.grundy) {
        line.extend_from_slice(b"; Grundy value ");
        line.extend_from_slice(values.as_bytes());
        line.extend_from_slice(" = ".as_bytes());
        g.write_decimal(line);
    } else if let Some((summary, _)) = &v.nim {
        line.extend_from_slice(b"; nim-sum ");
        summary.nim_sum.write_decimal(line);
    } else if let Some(text) = deciding_value(Lang::En, v.grundy.as_ref(), v.wythoff.as_ref()) {
        line.extend_from_slice(b"; ");
        line.extend_from_slice(text.as_bytes());
    }
    match (v.winning_moves, &v.suggestion) {
        (0, None) => line.extend_from_slice(b"; no move is left"),
        (0, Some(_)) => {}
        (1, Some(mv)) => {
            line.extend_from_slice(b"; 1 winning move: ");
            style.start(line, Role::Move);
            put_move(line, mv, sum);
            style.end(line, Role::Move);
        }
        (n, Some(mv)) => {
            line.extend_from_slice(b"; ");
            Nat::from(n).write_decimal(line);
            line.extend_from_slice(b" winning moves, e.g. ");
            style.start(line, Role::Move);
            put_move(line, mv, sum);
            style.end(line, Role::Move);
        }
        (n, None) => {
            line.extend_from_slice(b"; ");
            Nat::from(n).write_decimal(line);
            line.extend_from_slice(b" winning moves");
        }
    }
    if let Some(r) = v.remoteness {
        line.extend_from_slice(b"; remoteness ");
        Nat::from(r).write_decimal(line);
    }
}

/// The rest of [`verdict_line`] after the head, in Chinese:
/// `；nim和 1；3 种必胜走法，例如：…`.
fn verdict_zh(
    line: &mut Vec<u8>,
    v: &Verdict,
    values: Option<&str>,
    sum: bool,
    style: Style,
) -> io::Result<()> {
    let lang = Lang::Zh;
    if let (Some(values), Some(g)) = (values, &v.grundy) {
        write!(line, "；Grundy 值 {values} = {g}")?;
    } else if let Some((summary, _)) = &v.nim {
        write!(line, "；nim和 {}", summary.nim_sum)?;
    } else if let Some(text) = deciding_value(lang, v.grundy.as_ref(), v.wythoff.as_ref()) {
        write!(line, "；{text}")?;
    }
    let painted = |mv| style.painted(Role::Move, MoveText(lang, mv, sum));
    match (v.winning_moves, &v.suggestion) {
        (0, None) => line.extend_from_slice("；无子可取".as_bytes()),
        (0, Some(_)) => {}
        (1, Some(mv)) => write!(line, "；1 种必胜走法：{}", painted(mv))?,
        (n, Some(mv)) => write!(line, "；{n} 种必胜走法，例如：{}", painted(mv))?,
        (n, None) => write!(line, "；{n} 种必胜走法")?,
    }
    if let Some(r) = v.remoteness {
        write!(line, "；最优对局还剩 {r} 步")?;
    }
    Ok(())
}

/// The notes' reasoning for a position, over several lines: the piles (or their Grundy values)
/// in binary, their xor with its highest set bit marked, the state, the theorem, the move.
pub fn explain(w: &mut impl Write, game: &Game, advice: &Advice, style: Style) -> io::Result<()> {
    let a = &advice.analysis;
    let lang = style.lang;
    let zh = style.zh();
    let position = if a.components.is_empty() {
        PilesIn(lang, &a.piles).to_string()
    } else {
        SumText(a).to_string()
    };
    writeln!(
        w,
        "{} {position} — {}",
        if zh { "局面" } else { "Position" },
        analysis_name(lang, game, a)
    )?;
    writeln!(w)?;
    // The values to xor: the piles for Nim, their Grundy values otherwise.
    let values: Option<(Vec<Nat>, Nat)> = match (&a.nim, &a.pile_grundy, &a.grundy) {
        (Some((summary, _)), _, _) => Some((a.piles.clone(), summary.nim_sum.clone())),
        (None, Some(values), Some(g)) => Some((values.clone(), g.clone())),
        _ => None,
    };
    if !a.components.is_empty() {
        sum_table(w, style, a)?;
    } else if let Some((values, x)) = &values {
        xor_table(w, style, a, values, x)?;
    }
    if let Some((summary, state)) = &a.nim {
        let meaning = i18n::state_meaning(lang, *state);
        let (big, ones, pqrsf) = (summary.big_piles, summary.ones, state.pqrsf());
        if zh {
            writeln!(
                w,
                "状态 {state}（{}）：{meaning}（充裕堆 {big} 个，孤单堆 {ones} 个）；按 P/Q/R/S/F 的命名为 {pqrsf}。",
                i18n::state_family_zh(*state)
            )?;
        } else {
            writeln!(
                w,
                "State {state}: {meaning} ({big} pile(s) larger than one, {ones} pile(s) of one); in the P/Q/R/S/F naming: {pqrsf}."
            )?;
        }
    }
    if let Some(place) = &a.wythoff {
        let (pa, pb) = &place.pair;
        let k = &place.k;
        if zh {
            writeln!(
                w,
                "两堆之差 k = {k}；第 k 个威佐夫对是 (⌊kφ⌋, ⌊kφ⌋ + k) = ({pa}, {pb})，用整数算作 ⌊(k + ⌊√(5k²)⌋)/2⌋。"
            )?;
            writeln!(
                w,
                "这个局面{}这个威佐夫对。",
                if place.is_pair { "就是" } else { "不是" }
            )?;
        } else {
            writeln!(
                w,
                "Difference k = {k}; the k-th Wythoff pair is (⌊kφ⌋, ⌊kφ⌋ + k) = ({pa}, {pb}), computed as ⌊(k + ⌊√(5k²)⌋)/2⌋ in integers."
            )?;
            writeln!(
                w,
                "The position {} that pair.",
                if place.is_pair { "is" } else { "is not" }
            )?;
        }
    }
    if let Some(p) = &a.periodicity {
        periodicity_sentence(w, p, lang)?;
    }
    let theorem = i18n::theorem(lang, a.decided_by);
    let word = style.painted(outcome_role(a.outcome), i18n::class_word(lang, a.outcome));
    let phrase = i18n::outcome_phrase(lang, a.outcome);
    if zh {
        // A space between Chinese and a following Latin name, none before Chinese.
        let gap = if theorem.starts_with(|c: char| c.is_ascii()) {
            " "
        } else {
            ""
        };
        writeln!(w, "依据{gap}{theorem}：")?;
        writeln!(w, "  {word} — {phrase}。")?;
    } else {
        writeln!(w, "By {theorem}:")?;
        writeln!(w, "  {word} — {phrase}.")?;
    }
    if let Some(mv) = &advice.suggestion {
        explain_move(w, style, advice, mv)?;
        if a.outcome == Outcome::N {
            component_move(w, style, a, mv)?;
        }
    }
    if !a.winning_moves.is_empty() {
        let n = a.winning_moves.len();
        if zh {
            writeln!(w, "全部必胜走法（{n} 种）：")?;
        } else {
            writeln!(w, "Every winning move ({n}):")?;
        }
        for mv in &a.winning_moves {
            let text = MoveText(lang, mv, !a.components.is_empty());
            writeln!(w, "  {}", style.painted(Role::Move, text))?;
        }
    }
    if let Some(r) = a.remoteness {
        if zh {
            writeln!(
                w,
                "遥度 {r}：双方都走最优（胜方求快，败方求拖）时，还要走 {r} 步才结束。"
            )?;
        } else {
            writeln!(
                w,
                "Remoteness {r}: under best play (the winner hurries, the loser delays) the game ends after {r} more moves."
            )?;
        }
    }
    Ok(())
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
            for p in &self.0.piles[c.piles.clone()] {
                write!(f, " {p}")?;
            }
        }
        Ok(())
    }
}

/// The Sprague–Grundy table of a sum: each component, its game, piles and Grundy value, and
/// the xor so far (under misère play, without values).
fn sum_table(w: &mut impl Write, style: Style, a: &Analysis) -> io::Result<()> {
    let lang = style.lang;
    let normal = a.components.iter().all(|c| c.grundy.is_some());
    let mut rows: Vec<Vec<String>> = vec![
        i18n::sum_table_heads(lang)
            .iter()
            .take(if normal { 5 } else { 3 })
            .map(|h| h.to_string())
            .collect(),
    ];
    let mut x = Nat::ZERO;
    for (i, c) in a.components.iter().enumerate() {
        let mut row = vec![
            (i + 1).to_string(),
            i18n::rules_name(lang, &c.rules, c.piles.len()),
            PilesIn(lang, &a.piles[c.piles.clone()]).to_string(),
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
    let name = i18n::rules_name(style.lang, &c.rules, c.piles.len());
    let to = g.xor(x);
    match style.lang {
        Lang::En => writeln!(
            w,
            "The move is in component {} ({name}): its Grundy value goes from {g} to {g} ⊕ {x} = {to}, so the xor of the components becomes 0.",
            i + 1
        ),
        Lang::Zh => writeln!(
            w,
            "这一步走在第 {} 个分量（{name}）上：它的 Grundy 值从 {g} 变为 {g} ⊕ {x} = {to}，各分量的异或变为 0。",
            i + 1
        ),
    }
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
    let (is_nim, piles) = (a.nim.is_some(), &a.piles);
    let zh = style.zh();
    let xor_label = match (is_nim, zh) {
        (true, false) => "nim-sum",
        (false, false) => "xor",
        (true, true) => "nim和",
        (false, true) => "异或",
    };
    let names: Vec<String> = (1..=values.len())
        .map(|i| match (is_nim, zh) {
            (true, false) => format!("pile {i}"),
            (false, false) => format!("g(pile {i})"),
            (true, true) => format!("第 {i} 堆"),
            (false, true) => format!("g(第 {i} 堆)"),
        })
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
        let text = format!("{:>width$}", v.to_binary());
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
        write!(w, "  {} = {v:>num_width$} = ", PadRight(name, label_width))?;
        binary(w, v)?;
        match (is_nim, zh) {
            (true, _) => writeln!(w)?,
            (false, false) => writeln!(w, "   (pile {} holds {})", i + 1, piles[i])?,
            (false, true) => writeln!(w, "   （第 {} 堆有 {} 个）", i + 1, piles[i])?,
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
        "  {} = {x:>num_width$} = ",
        PadRight(xor_label, label_width)
    )?;
    binary(w, x)?;
    writeln!(w)?;
    if let (Some(high), Some(c)) = (high, column) {
        let caret = if zh {
            format!("^ 最高位：第 {high} 位")
        } else {
            format!("^ highest set bit: bit {high}")
        };
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
fn explain_move(w: &mut impl Write, style: Style, advice: &Advice, mv: &Move) -> io::Result<()> {
    let a = &advice.analysis;
    let lang = style.lang;
    let zh = style.zh();
    // A winning move is coloured; the fallback move of a lost position is not.
    let shown = if a.outcome == Outcome::N {
        style
            .painted(Role::Move, MoveText(lang, mv, !a.components.is_empty()))
            .to_string()
    } else {
        MoveText(lang, mv, !a.components.is_empty()).to_string()
    };
    match (advice.reason, mv, zh) {
        (Reason::NimHighBit { bit }, Move::Pile { pile, from, to }, _) => {
            let pile = pile + 1;
            let x = a
                .nim
                .as_ref()
                .map(|(s, _)| &s.nim_sum)
                .unwrap_or(&Nat::ZERO);
            if zh {
                let bit = style.painted(Role::HighBit, format!("第 {bit} 位"));
                writeln!(
                    w,
                    "第 {pile} 堆是{bit}为 1 的编号最小的堆：{from} ⊕ {x} = {to} < {from}，所以{shown}。"
                )
            } else {
                let bit = style.painted(Role::HighBit, format!("bit {bit}"));
                writeln!(
                    w,
                    "Pile {pile} is the lowest-numbered pile with {bit} set: {from} ⊕ {x} = {to} < {from}, so {shown}."
                )
            }
        }
        (Reason::MisereBigPile, _, true) => writeln!(
            w,
            "反常规则，只有一个充裕堆：把它取到 0 或 1，使孤单堆的个数为奇数：{shown}。"
        ),
        (Reason::MisereBigPile, _, false) => writeln!(
            w,
            "Misère play, one pile larger than one: reduce it to 0 or 1 so that an odd number of 1-piles remain: {shown}."
        ),
        (Reason::MisereOnes, _, true) => writeln!(
            w,
            "反常规则，只剩偶数个孤单堆：取走一个，留下奇数个：{shown}。"
        ),
        (Reason::MisereOnes, _, false) => writeln!(
            w,
            "Misère play, only 1-piles, an even number of them: take one to leave an odd number: {shown}."
        ),
        (Reason::Delays, _, false) => writeln!(
            w,
            "No move wins; the move that delays the loss longest is {shown}."
        ),
        (Reason::Delays, _, true) => writeln!(w, "没有必胜走法；拖延最久的走法是{shown}。"),
        (Reason::Fallback, _, false) => writeln!(
            w,
            "No move wins; the position is beyond the search limit, so the fallback move is {shown} (the least amount from the largest pile)."
        ),
        (Reason::Fallback, _, true) => writeln!(
            w,
            "没有必胜走法；局面超出搜索上限，按后备规则（从最大的堆取最少）走{shown}。"
        ),
        (_, _, false) => writeln!(w, "Play {shown}."),
        (_, _, true) => writeln!(w, "走法：{shown}。"),
    }
}

fn periodicity_sentence(w: &mut impl Write, p: &Periodicity, lang: Lang) -> io::Result<()> {
    let (pre, period, window) = (p.preperiod, p.period, p.window);
    // Both ends included: the window is g(a), …, g(b).
    let (a, b) = (pre, pre + window - 1);
    let (c, d) = (pre + period, pre + period + window - 1);
    match (lang, p.proof) {
        (Lang::En, PeriodProof::Window) => writeln!(
            w,
            "The pile Grundy sequence has preperiod {pre} and period {period}: g({a}), …, g({b}) = g({c}), …, g({d}): a window of {window} values (the largest amount) repeats, so g(n + {period}) = g(n) for every n ≥ {pre}."
        ),
        (Lang::Zh, PeriodProof::Window) => writeln!(
            w,
            "单堆 Grundy 序列的前周期为 {pre}，周期为 {period}：g({a}), …, g({b}) = g({c}), …, g({d})，长为 {window}（最大可取数）的窗口重复出现，所以对每个 n ≥ {pre}，g(n + {period}) = g(n)。"
        ),
        (Lang::En, PeriodProof::GuySmith { last_take }) => writeln!(
            w,
            "The heap Grundy sequence has preperiod {pre} and period {period}: g(n + {period}) = g(n) for {pre} ≤ n ≤ {b} (= 2·{pre} + {period} + {last_take} − 1; {last_take} is the most a move removes), so by the Guy–Smith theorem (1956) g(n + {period}) = g(n) for every n ≥ {pre}."
        ),
        (Lang::Zh, PeriodProof::GuySmith { last_take }) => writeln!(
            w,
            "单堆 Grundy 序列的前周期为 {pre}，周期为 {period}：对 {pre} ≤ n ≤ {b}（= 2·{pre} + {period} + {last_take} − 1，{last_take} 是一次最多取走的数）都有 g(n + {period}) = g(n)，由 Guy–Smith 定理（1956），对每个 n ≥ {pre} 都成立。"
        ),
    }
}

// ---------------------------------------------------------------- move

/// One line: the move and the position after it, or why there is none.
pub fn advice_line(
    w: &mut impl Write,
    game: &Game,
    advice: &Advice,
    all: bool,
    style: Style,
) -> io::Result<()> {
    let a = &advice.analysis;
    let lang = style.lang;
    let zh = style.zh();
    let name = analysis_name(lang, game, a);
    match &advice.suggestion {
        None => {
            let verdict = match (a.play, zh) {
                (Play::Normal, false) => "the player to move has lost",
                (Play::Misere, false) => {
                    "the player to move has won (the opponent took the last object)"
                }
                (Play::Normal, true) => "轮到走的一方已经输了",
                (Play::Misere, true) => "轮到走的一方已经赢了（对手取走了最后一个）",
            };
            if zh {
                write!(w, "{name}：已无子可取，{verdict}")?;
            } else {
                write!(w, "no move is left in {name}: {verdict}")?;
            }
        }
        Some(mv) => {
            let after = mv.apply(&a.piles).unwrap_or_default();
            let winning = advice.is_winning();
            let text = MoveText(lang, mv, !a.components.is_empty());
            if winning {
                write!(w, "{}", style.painted(Role::Move, text))?;
            } else {
                write!(w, "{text}")?;
            }
            if a.components.is_empty() {
                write!(w, " → {}", PilesIn(lang, &after))?;
            } else {
                // The piles after, component by component.
                let parts: Vec<String> = a
                    .components
                    .iter()
                    .map(|c| PilesIn(lang, &after[c.piles.clone()]).to_string())
                    .collect();
                write!(w, " → {}", parts.join(" + "))?;
            }
            let class = class(style, a.outcome, a.nim.as_ref().map(|(_, s)| *s));
            match (winning, zh) {
                (true, false) => write!(w, ": a winning move ({class}, {name})")?,
                (false, false) => write!(
                    w,
                    ": no move wins, the position is lost against perfect play ({class}, {name})"
                )?,
                (true, true) => write!(w, "：必胜走法（{class}，{name}）")?,
                (false, true) => write!(
                    w,
                    "：没有必胜走法，双方都走最优时此局面必败（{class}，{name}）"
                )?,
            }
            match (advice.reason, a.remoteness, zh) {
                (Reason::Delays, Some(r), false) => {
                    write!(w, "; it delays the loss longest (remoteness {r})")?
                }
                (Reason::Delays, Some(r), true) => {
                    write!(w, "；此走法拖延最久（最优对局还剩 {r} 步）")?
                }
                (Reason::Fallback, _, false) => write!(
                    w,
                    "; beyond the search limit, so the fallback rule chose it (the least amount from the largest pile)"
                )?,
                (Reason::Fallback, _, true) => {
                    write!(w, "；超出搜索上限，按后备规则选出（从最大的堆取最少）")?
                }
                _ => {}
            }
        }
    }
    if all && !a.winning_moves.is_empty() {
        let (head, sep) = if zh {
            ("；全部必胜走法：", "；")
        } else {
            ("; every winning move: ", "; ")
        };
        write!(w, "{head}")?;
        for (i, mv) in a.winning_moves.iter().enumerate() {
            if i > 0 {
                write!(w, "{sep}")?;
            }
            let text = MoveText(lang, mv, !a.components.is_empty());
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
    let lang = style.lang;
    let name = position_name(lang, game, start);
    let (first, second) = (
        i18n::player_kind(lang, first),
        i18n::player_kind(lang, second),
    );
    let start = PositionText(lang, start);
    match lang {
        Lang::En => writeln!(w, "{name} from {start} (first: {first}, second: {second})"),
        Lang::Zh => writeln!(
            w,
            "{name}，从 {start} 开始（先手：{first}，后手：{second}）"
        ),
    }
}

/// The game a position is played under, with the play convention: the game's name, or for a
/// sum the names of its components joined by +.
pub fn position_name(lang: Lang, game: &Game, position: &Position) -> String {
    if position.is_single() {
        return i18n::game_name(lang, game, position.piles().len());
    }
    let names: Vec<String> = position
        .components()
        .map(|c| i18n::rules_name(lang, c.rules, c.piles.len()))
        .collect();
    i18n::sum_name(lang, &names, game.play())
}

/// Piles laid out in the components of a position of as many piles (a move's result):
/// `2 5 + 1 2`.
pub struct LaidOut<'a>(pub Lang, pub &'a Position, pub &'a [Nat]);

impl std::fmt::Display for LaidOut<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.1.piles().len() != self.2.len() {
            return PilesIn(self.0, self.2).fmt(f);
        }
        for (i, c) in self.1.components().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            PilesIn(self.0, &self.2[c.offset..c.offset + c.piles.len()]).fmt(f)?;
        }
        Ok(())
    }
}

/// A position's piles, a sum's component by component: `3 5 7`, `2 5 + 1 2`.
pub struct PositionText<'a>(pub Lang, pub &'a Position);

impl std::fmt::Display for PositionText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, c) in self.1.components().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            PilesIn(self.0, c.piles).fmt(f)?;
        }
        Ok(())
    }
}

/// One line per move: turn, player, move, position after it (laid out in the components of
/// `position`) and its state.
pub fn turn_line(
    w: &mut impl Write,
    position: &Position,
    turn: &Turn,
    style: Style,
) -> io::Result<()> {
    let lang = style.lang;
    write!(
        w,
        "{:>4}  {}  {}  → {}",
        turn.turn,
        PadRight(i18n::player(lang, turn.player), 6),
        MoveText(lang, &turn.mv, !position.is_single()),
        LaidOut(lang, &turn.after, turn.after.piles())
    )?;
    if let Some(outcome) = turn.outcome {
        let word = style.painted(outcome_role(outcome), i18n::class_word(lang, outcome));
        match (turn.state, lang) {
            (Some(state), Lang::En) => write!(w, "  [{state}, {word}]")?,
            (Some(state), Lang::Zh) => write!(w, "  [{state}，{word}]")?,
            (None, _) => write!(w, "  [{word}]")?,
        }
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
    let play = game.play();
    match style.lang {
        Lang::En => {
            let loser = winner.other().as_str();
            let why = match (play, turns) {
                (Play::Normal, 0) => format!("{loser} has no move"),
                (Play::Normal, _) => format!("{} made the last move", winner.as_str()),
                (Play::Misere, 0) => "first has no move, which wins".to_string(),
                (Play::Misere, _) => format!("{loser} made the last move"),
            };
            let moves = if turns == 1 { "move" } else { "moves" };
            writeln!(
                w,
                "{} player wins after {turns} {moves} ({why}, {})",
                capital(winner),
                play.label()
            )
        }
        Lang::Zh => {
            let who = i18n::player(Lang::Zh, winner);
            let other = i18n::player(Lang::Zh, winner.other());
            let rule = match play {
                Play::Normal => "正常规则",
                Play::Misere => "反常规则",
            };
            let why = match (play, turns) {
                (Play::Normal, 0) => format!("{other}无路可走"),
                (Play::Normal, _) => format!("{who}走了最后一步"),
                (Play::Misere, 0) => format!("{who}无路可走，反常规则下无路可走者胜"),
                (Play::Misere, _) => format!("{other}走了最后一步"),
            };
            writeln!(w, "{who}获胜，共 {turns} 步（{why}，{rule}）")
        }
    }
}

fn capital(p: Player) -> &'static str {
    match p {
        Player::First => "First",
        Player::Second => "Second",
    }
}

// ---------------------------------------------------------------- grundy

/// g(0..=upto), with the proof of its period.
pub fn grundy_sequence(
    w: &mut impl Write,
    game: &Game,
    values: &[Nat],
    proof: &SequenceProof,
    style: Style,
) -> io::Result<()> {
    let lang = style.lang;
    let zh = style.zh();
    let name = i18n::rules_name(lang, game.rules(), 2);
    let upto = values.len().saturating_sub(1);
    if zh {
        writeln!(w, "单堆 Grundy 值 g(n)，{name}，n = 0..{upto}：")?;
    } else {
        writeln!(w, "Grundy values g(n) of one pile, {name}, n = 0..{upto}:")?;
    }
    for (row, chunk) in values.chunks(20).enumerate() {
        write!(w, "{:>8}:", row * 20)?;
        for v in chunk {
            write!(w, " {v}")?;
        }
        writeln!(w)?;
    }
    match proof {
        SequenceProof::ClosedForm {
            formula,
            period,
            reason,
        } => {
            let reason = reason.map(|key| i18n::closed_form_reason(lang, key));
            match (zh, reason) {
                (true, Some(why)) => write!(w, "闭式：{formula}，{why}")?,
                (true, None) => write!(w, "闭式：{formula}")?,
                (false, Some(why)) => write!(w, "Closed form: {formula} ({why})")?,
                (false, None) => write!(w, "Closed form: {formula}")?,
            }
            match (zh, period) {
                (true, Some(p)) => write!(w, "（前周期 0，周期 {p}）")?,
                (false, Some(p)) => write!(w, " (preperiod 0, period {p})")?,
                (_, None) => {}
            }
            writeln!(w)
        }
        SequenceProof::Periodic(p) => periodicity_sentence(w, p, lang),
        SequenceProof::Table if zh => writeln!(w, "周期未知；每个值都由 mex 逐个算出。"),
        SequenceProof::Table => writeln!(w, "No period is known; every value is computed by mex."),
    }
}

/// `g(pile) = value` for single piles.
pub fn grundy_values(w: &mut impl Write, piles: &[(Nat, Nat)]) -> io::Result<()> {
    for (p, g) in piles {
        writeln!(w, "g({p}) = {g}")?;
    }
    Ok(())
}

/// The Wythoff Grundy table, rows a = 0..=n, columns b = 0..=n; the 0s (the P-positions) are
/// coloured when colour is on.
pub fn wythoff_table(w: &mut impl Write, table: &[Vec<u32>], style: Style) -> io::Result<()> {
    let width = table
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(table.len().to_string().len());
    let head = (table.len().saturating_sub(1)).to_string().len().max(3);
    if style.zh() {
        writeln!(
            w,
            "威佐夫博弈的 Grundy 值 g(a, b)（a 为行，b 为列；0 标出威佐夫对）："
        )?;
    } else {
        writeln!(
            w,
            "Grundy values g(a, b) of Wythoff's game (rows a, columns b; 0 marks the Wythoff pairs):"
        )?;
    }
    write!(w, "{:>head$} |", "a\\b")?;
    for b in 0..table.len() {
        write!(w, " {b:>width$}")?;
    }
    writeln!(w)?;
    writeln!(w, "{}", "-".repeat(head + 2 + (width + 1) * table.len()))?;
    for (a, row) in table.iter().enumerate() {
        write!(w, "{a:>head$} |")?;
        for v in row {
            if *v == 0 {
                write!(w, " {:>width$}", style.painted(Role::Lose, v))?;
            } else {
                write!(w, " {v:>width$}")?;
            }
        }
        writeln!(w)?;
    }
    Ok(())
}
