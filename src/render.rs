//! Output: one function per thing shown and format (human text, JSON Lines). Rendering never
//! computes game theory; it formats what the library found.

use std::io::{self, Write};

use nimsolve::grundy::Periodicity;
use nimsolve::wythoff::WythoffPlace;
use nimsolve::{
    Advice, Analysis, Game, Move, Nat, Outcome, Play, Player, Rules, SubtractionSet, Theorem, Turn,
    Verdict,
};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

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

fn game_name(game: &Game, piles: usize) -> String {
    format!("{}, {}", game.rules().name(piles), game.play().label())
}

fn outcome_phrase(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses against perfect play",
    }
}

/// The position class and label, e.g. `N-position (S2)`.
fn class(analysis: &Analysis) -> String {
    match &analysis.nim {
        Some((_, state)) => format!("{}-position ({state})", analysis.outcome.as_str()),
        None => format!("{}-position", analysis.outcome.as_str()),
    }
}

/// The number that decides a position other than Nim's nim-sum: `Grundy value 3`, or the
/// Wythoff pair.
fn deciding_value(grundy: Option<&Nat>, wythoff: Option<&WythoffPlace>) -> Option<String> {
    if let Some(g) = grundy {
        return Some(format!("Grundy value {g}"));
    }
    if let Some(place) = wythoff {
        let (a, b) = &place.pair;
        return Some(if place.is_pair {
            format!("Wythoff pair k = {} ({a}, {b})", place.k)
        } else {
            format!("difference {}, whose Wythoff pair is ({a}, {b})", place.k)
        });
    }
    None
}

// ---------------------------------------------------------------- analyze

/// The names of a game, computed once per run: `Nim, normal play`, and for K-limited Nim the
/// one-pile name (the Bash game) beside the many-pile one.
pub struct GameLabel {
    one_pile: String,
    many_piles: String,
}

impl GameLabel {
    /// The labels of `game`.
    pub fn new(game: &Game) -> GameLabel {
        GameLabel {
            one_pile: game_name(game, 1),
            many_piles: game_name(game, 2),
        }
    }

    fn for_piles(&self, piles: usize) -> &str {
        if piles == 1 {
            &self.one_pile
        } else {
            &self.many_piles
        }
    }
}

/// Appends a number without the formatting machinery (the batch hot path).
fn put_nat(line: &mut Vec<u8>, n: &Nat) {
    match n.to_u64() {
        Some(v) => line.extend_from_slice(itoa::Buffer::new().format(v).as_bytes()),
        None => line.extend_from_slice(n.to_string().as_bytes()),
    }
}

fn put_usize(line: &mut Vec<u8>, n: usize) {
    line.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// `take 2 from pile 1 (3 → 1)`, as [`Move`]'s `Display`, without the formatting machinery.
fn put_move(line: &mut Vec<u8>, mv: &Move) {
    match mv {
        Move::Pile { pile, from, to } => {
            line.extend_from_slice(b"take ");
            put_nat(line, &mv.take());
            line.extend_from_slice(b" from pile ");
            put_usize(line, pile + 1);
            line.extend_from_slice(b" (");
            put_nat(line, from);
            line.extend_from_slice(" → ".as_bytes());
            put_nat(line, to);
            line.push(b')');
        }
        Move::Both { .. } => line.extend_from_slice(mv.to_string().as_bytes()),
    }
}

/// One line: class, game, verdict, deciding value, winning moves. For example
/// `N-position (S2) in Nim, normal play: the player to move wins; nim-sum 1; 3 winning moves,
/// e.g. take 1 from pile 1 (3 → 2)`. `line` is a scratch buffer, reused across calls so a
/// batch writes each line with one call.
pub fn verdict_line(
    w: &mut impl Write,
    line: &mut Vec<u8>,
    label: &GameLabel,
    piles: &[Nat],
    v: &Verdict,
) -> io::Result<()> {
    line.clear();
    line.extend_from_slice(v.outcome.as_str().as_bytes());
    line.extend_from_slice(b"-position");
    if let Some((_, state)) = &v.nim {
        line.extend_from_slice(b" (");
        line.extend_from_slice(state.as_str().as_bytes());
        line.push(b')');
    }
    line.extend_from_slice(b" in ");
    line.extend_from_slice(label.for_piles(piles.len()).as_bytes());
    line.extend_from_slice(b": ");
    line.extend_from_slice(outcome_phrase(v.outcome).as_bytes());
    if v.decided_by == Theorem::ExhaustiveSearch {
        line.extend_from_slice(b" (exhaustive search)");
    }
    if let Some((summary, _)) = &v.nim {
        line.extend_from_slice(b"; nim-sum ");
        put_nat(line, &summary.nim_sum);
    } else if let Some(text) = deciding_value(v.grundy.as_ref(), v.wythoff.as_ref()) {
        line.extend_from_slice(b"; ");
        line.extend_from_slice(text.as_bytes());
    }
    match (v.winning_moves, &v.suggestion) {
        (0, None) => line.extend_from_slice(b"; no move is left"),
        (0, Some(_)) => {}
        (1, Some(mv)) => {
            line.extend_from_slice(b"; 1 winning move: ");
            put_move(line, mv);
        }
        (n, Some(mv)) => {
            line.extend_from_slice(b"; ");
            put_usize(line, n);
            line.extend_from_slice(b" winning moves, e.g. ");
            put_move(line, mv);
        }
        (n, None) => {
            line.extend_from_slice(b"; ");
            put_usize(line, n);
            line.extend_from_slice(b" winning moves");
        }
    }
    line.push(b'\n');
    w.write_all(line)
}

/// The rule in effect, as JSON: `{"kind":"nim"}`, `{"kind":"max_take","k":3}`,
/// `{"kind":"subtract","set":[2,5]}`, `{"kind":"subtract","family":"fibonacci"}`,
/// `{"kind":"wythoff"}`.
struct RulesJson<'a>(&'a Rules);

impl Serialize for RulesJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        match self.0 {
            Rules::Nim => m.serialize_entry("kind", "nim")?,
            Rules::MaxTake(k) => {
                m.serialize_entry("kind", "max_take")?;
                m.serialize_entry("k", k)?;
            }
            Rules::Subtract(set) => {
                m.serialize_entry("kind", "subtract")?;
                match set {
                    SubtractionSet::Finite(v) => m.serialize_entry("set", v)?,
                    SubtractionSet::PowersOfTwo => m.serialize_entry("family", "powers-of-two")?,
                    SubtractionSet::Fibonacci => m.serialize_entry("family", "fibonacci")?,
                }
            }
            Rules::Wythoff => m.serialize_entry("kind", "wythoff")?,
        }
        m.end()
    }
}

/// A move as JSON: `{"pile":1,"from":3,"to":2,"take":1}` (1-based pile); under Wythoff's game
/// `{"pile":1|2|"both","take":t,"after":[a,b]}` (single-pile moves also keep from/to).
struct MoveJson<'a> {
    mv: &'a Move,
    piles: &'a [Nat],
    wythoff: bool,
}

impl Serialize for MoveJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        match self.mv {
            Move::Pile { pile, from, to } => {
                m.serialize_entry("pile", &(pile + 1))?;
                m.serialize_entry("from", from)?;
                m.serialize_entry("to", to)?;
            }
            Move::Both { .. } => m.serialize_entry("pile", "both")?,
        }
        m.serialize_entry("take", &self.mv.take())?;
        if self.wythoff
            && let Ok(after) = self.mv.apply(self.piles)
        {
            m.serialize_entry("after", &after)?;
        }
        m.end()
    }
}

fn moves_json<'a>(game: &Game, piles: &'a [Nat], moves: &'a [Move]) -> Vec<MoveJson<'a>> {
    let wythoff = matches!(game.rules(), Rules::Wythoff);
    moves
        .iter()
        .map(|mv| MoveJson { mv, piles, wythoff })
        .collect()
}

fn theorem_key(t: Theorem) -> &'static str {
    match t {
        Theorem::Bouton => "bouton",
        Theorem::BoutonMisere => "bouton_misere",
        Theorem::SpragueGrundy => "sprague_grundy",
        Theorem::Wythoff => "wythoff",
        Theorem::ExhaustiveSearch => "exhaustive_search",
    }
}

/// A JSON array of numbers, written directly.
fn put_nat_array(line: &mut Vec<u8>, values: &[Nat]) {
    line.push(b'[');
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            line.push(b',');
        }
        put_nat(line, v);
    }
    line.push(b']');
}

/// One JSON object per position: `piles`, `play`, `rules`, `nim_sum`, `grundy`, `pile_grundy`,
/// `state`, `outcome`, `winning_moves`, `decided_by`, `preperiod`/`period`, `wythoff_pair`
/// (see the README). Written directly rather than through serde, since a batch writes millions
/// of them; every value is a number, a fixed ASCII word or the rules (serialised once by
/// [`RulesJson`]), so nothing needs escaping. `line` is a scratch buffer reused across calls.
pub fn analysis_json_line(
    w: &mut impl Write,
    line: &mut Vec<u8>,
    rules_json: &[u8],
    wythoff: bool,
    a: &Analysis,
) -> io::Result<()> {
    line.clear();
    line.extend_from_slice(b"{\"piles\":");
    put_nat_array(line, &a.piles);
    line.extend_from_slice(b",\"play\":\"");
    line.extend_from_slice(a.play.as_str().as_bytes());
    line.extend_from_slice(b"\",\"rules\":");
    line.extend_from_slice(rules_json);
    if let Some((summary, state)) = &a.nim {
        line.extend_from_slice(b",\"nim_sum\":");
        put_nat(line, &summary.nim_sum);
        line.extend_from_slice(b",\"state\":\"");
        line.extend_from_slice(state.as_str().as_bytes());
        line.push(b'"');
    }
    if let Some(g) = &a.grundy {
        line.extend_from_slice(b",\"grundy\":");
        put_nat(line, g);
    }
    if let Some(values) = &a.pile_grundy {
        line.extend_from_slice(b",\"pile_grundy\":");
        put_nat_array(line, values);
    }
    line.extend_from_slice(b",\"outcome\":\"");
    line.extend_from_slice(a.outcome.as_str().as_bytes());
    line.extend_from_slice(b"\",\"winning_moves\":[");
    for (i, mv) in a.winning_moves.iter().enumerate() {
        if i > 0 {
            line.push(b',');
        }
        put_move_json(line, mv, &a.piles, wythoff);
    }
    line.extend_from_slice(b"],\"decided_by\":\"");
    line.extend_from_slice(theorem_key(a.decided_by).as_bytes());
    line.push(b'"');
    if let Some(p) = &a.periodicity {
        line.extend_from_slice(b",\"preperiod\":");
        put_nat(line, &Nat::from(p.preperiod));
        line.extend_from_slice(b",\"period\":");
        put_nat(line, &Nat::from(p.period));
    }
    if let Some(place) = &a.wythoff {
        line.extend_from_slice(b",\"wythoff_pair\":");
        put_nat_array(
            line,
            &[place.k.clone(), place.pair.0.clone(), place.pair.1.clone()],
        );
    }
    line.extend_from_slice(b"}\n");
    w.write_all(line)
}

/// A move as JSON, written directly; the same fields as [`MoveJson`].
fn put_move_json(line: &mut Vec<u8>, mv: &Move, piles: &[Nat], wythoff: bool) {
    match mv {
        Move::Pile { pile, from, to } => {
            line.extend_from_slice(b"{\"pile\":");
            put_usize(line, pile + 1);
            line.extend_from_slice(b",\"from\":");
            put_nat(line, from);
            line.extend_from_slice(b",\"to\":");
            put_nat(line, to);
        }
        Move::Both { .. } => line.extend_from_slice(b"{\"pile\":\"both\""),
    }
    line.extend_from_slice(b",\"take\":");
    put_nat(line, &mv.take());
    if wythoff && let Ok(after) = mv.apply(piles) {
        line.extend_from_slice(b",\"after\":");
        put_nat_array(line, &after);
    }
    line.push(b'}');
}

/// The rules as JSON bytes, serialised once per run.
pub fn rules_json(game: &Game) -> Vec<u8> {
    serde_json::to_vec(&RulesJson(game.rules())).unwrap_or_else(|_| b"null".to_vec())
}

/// The notes' reasoning for a position, over several lines.
pub fn explain(w: &mut impl Write, game: &Game, advice: &Advice) -> io::Result<()> {
    let a = &advice.analysis;
    writeln!(
        w,
        "Position {} — {}",
        Piles(&a.piles),
        game_name(game, a.piles.len())
    )?;
    writeln!(w)?;
    // The values to xor: the piles for Nim, their Grundy values otherwise.
    let is_nim = a.nim.is_some();
    let values: Option<(Vec<Nat>, Nat)> = match (&a.nim, &a.pile_grundy, &a.grundy) {
        (Some((summary, _)), _, _) => Some((a.piles.clone(), summary.nim_sum.clone())),
        (None, Some(values), Some(g)) => Some((values.clone(), g.clone())),
        _ => None,
    };
    if let Some((values, x)) = &values {
        let xor_label = if is_nim { "nim-sum" } else { "xor" };
        let names: Vec<String> = (1..=values.len())
            .map(|i| {
                if is_nim {
                    format!("pile {i}")
                } else {
                    format!("g(pile {i})")
                }
            })
            .collect();
        let label_width = names
            .iter()
            .map(String::len)
            .chain([xor_label.len()])
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
        for (i, (name, v)) in names.iter().zip(values).enumerate() {
            let extra = if is_nim {
                String::new()
            } else {
                format!("   (pile {} holds {})", i + 1, a.piles[i])
            };
            writeln!(
                w,
                "  {name:<label_width$} = {v:>num_width$} = {:>width$}{extra}",
                v.to_binary()
            )?;
        }
        writeln!(
            w,
            "  {:<label_width$}   {}   {}",
            "",
            " ".repeat(num_width),
            "-".repeat(width)
        )?;
        writeln!(
            w,
            "  {xor_label:<label_width$} = {x:>num_width$} = {:>width$}",
            x.to_binary()
        )?;
        if let Some(high) = x.bits().checked_sub(1) {
            let col = 2 + label_width + 3 + num_width + 3 + (width - 1 - high as usize);
            writeln!(w, "{}^ highest set bit: bit {high}", " ".repeat(col))?;
        }
        writeln!(w)?;
    }
    if let Some((summary, state)) = &a.nim {
        writeln!(
            w,
            "State {state}: {} ({} pile(s) larger than one, {} pile(s) of one); in the P/Q/R/S/F naming: {}.",
            state.meaning(),
            summary.big_piles,
            summary.ones,
            state.pqrsf()
        )?;
    }
    if let Some(place) = &a.wythoff {
        let (pa, pb) = &place.pair;
        writeln!(
            w,
            "Difference k = {}; the k-th Wythoff pair is (⌊kφ⌋, ⌊kφ⌋ + k) = ({pa}, {pb}), computed as ⌊(k + ⌊√(5k²)⌋)/2⌋ in integers.",
            place.k
        )?;
        writeln!(
            w,
            "The position {} that pair.",
            if place.is_pair { "is" } else { "is not" }
        )?;
    }
    if let Some(p) = &a.periodicity {
        periodicity_sentence(w, p)?;
    }
    writeln!(w, "By {}:", a.decided_by.describe())?;
    writeln!(
        w,
        "  {}-position — {}.",
        a.outcome.as_str(),
        outcome_phrase(a.outcome)
    )?;
    if let (Some(mv), Some((summary, state)), Outcome::N) = (&advice.suggestion, &a.nim, a.outcome)
    {
        if let Move::Pile { pile, from, to } = mv {
            let plain = a.play == Play::Normal || matches!(state, nimsolve::NimState::S2);
            if plain {
                let high = summary.nim_sum.bits().saturating_sub(1);
                writeln!(
                    w,
                    "Pile {} is the lowest-numbered pile with bit {high} set: {from} ⊕ {} = {to} < {from}, so {mv}.",
                    pile + 1,
                    summary.nim_sum
                )?;
            } else if *state == nimsolve::NimState::S1 {
                writeln!(
                    w,
                    "Misère play, one pile larger than one: reduce it to 0 or 1 so that an odd number of 1-piles remain: {mv}."
                )?;
            } else {
                writeln!(
                    w,
                    "Misère play, only 1-piles, an even number of them: take one to leave an odd number: {mv}."
                )?;
            }
        }
    } else if let Some(mv) = &advice.suggestion {
        let verb = if a.outcome == Outcome::N {
            "Play"
        } else {
            "No move wins; the fallback move is"
        };
        writeln!(w, "{verb} {mv}.")?;
    }
    if !a.winning_moves.is_empty() {
        writeln!(w, "Every winning move ({}):", a.winning_moves.len())?;
        for mv in &a.winning_moves {
            writeln!(w, "  {mv}")?;
        }
    }
    Ok(())
}

fn periodicity_sentence(w: &mut impl Write, p: &Periodicity) -> io::Result<()> {
    writeln!(
        w,
        "The pile Grundy sequence has preperiod {} and period {}: g({}..{}) = g({}..{}), a window of {} values (the largest amount) repeats, so g(n + {}) = g(n) for every n ≥ {}.",
        p.preperiod,
        p.period,
        p.preperiod,
        p.preperiod + p.window,
        p.preperiod + p.period,
        p.preperiod + p.period + p.window,
        p.window,
        p.period,
        p.preperiod
    )
}

// ---------------------------------------------------------------- move

/// One line: the move and the position after it, or why there is none.
pub fn advice_line(w: &mut impl Write, game: &Game, advice: &Advice, all: bool) -> io::Result<()> {
    let a = &advice.analysis;
    let name = game_name(game, a.piles.len());
    match &advice.suggestion {
        None => {
            let verdict = match a.play {
                Play::Normal => "the player to move has lost",
                Play::Misere => "the player to move has won (the opponent took the last object)",
            };
            write!(w, "no move is left in {name}: {verdict}")?;
        }
        Some(mv) => {
            let after = mv.apply(&a.piles).unwrap_or_default();
            write!(w, "{mv} → {}", Piles(&after))?;
            if advice.is_winning() {
                write!(w, ": a winning move ({}, {name})", class(a))?;
            } else {
                write!(
                    w,
                    ": no move wins, the position is lost against perfect play ({}, {name})",
                    class(a)
                )?;
            }
        }
    }
    if all && !a.winning_moves.is_empty() {
        write!(w, "; every winning move: ")?;
        for (i, mv) in a.winning_moves.iter().enumerate() {
            if i > 0 {
                write!(w, "; ")?;
            }
            write!(w, "{mv}")?;
        }
    }
    writeln!(w)
}

#[derive(Serialize)]
struct AdviceJson<'a> {
    piles: &'a [Nat],
    play: &'static str,
    rules: RulesJson<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'static str>,
    outcome: &'static str,
    #[serde(rename = "move")]
    mv: Option<MoveJson<'a>>,
    winning: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    after: Option<Vec<Nat>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<MoveJson<'a>>>,
}

/// One JSON object: `{"piles","play","state","outcome","move","after",…}`.
pub fn advice_json_line(
    w: &mut impl Write,
    game: &Game,
    advice: &Advice,
    all: bool,
) -> io::Result<()> {
    let a = &advice.analysis;
    let wythoff = matches!(game.rules(), Rules::Wythoff);
    let json = AdviceJson {
        piles: &a.piles,
        play: a.play.as_str(),
        rules: RulesJson(game.rules()),
        state: a.nim.as_ref().map(|(_, st)| st.as_str()),
        outcome: a.outcome.as_str(),
        mv: advice.suggestion.as_ref().map(|mv| MoveJson {
            mv,
            piles: &a.piles,
            wythoff,
        }),
        winning: advice.is_winning(),
        after: advice
            .suggestion
            .as_ref()
            .and_then(|mv| mv.apply(&a.piles).ok()),
        winning_moves: all.then(|| moves_json(game, &a.piles, &a.winning_moves)),
    };
    serde_json::to_writer(&mut *w, &json)?;
    writeln!(w)
}

// ---------------------------------------------------------------- play

/// The first line of a replay.
pub fn play_header(
    w: &mut impl Write,
    game: &Game,
    start: &[Nat],
    first: &str,
    second: &str,
) -> io::Result<()> {
    writeln!(
        w,
        "{} from {} (first: {first}, second: {second})",
        game_name(game, start.len()),
        Piles(start)
    )
}

/// One line per move: turn, player, move, position after it and its state.
pub fn turn_line(w: &mut impl Write, turn: &Turn) -> io::Result<()> {
    write!(
        w,
        "{:>4}  {:<6}  {}  → {}",
        turn.turn,
        turn.player.as_str(),
        turn.mv,
        Piles(&turn.after)
    )?;
    match (turn.state, turn.outcome) {
        (Some(state), Some(outcome)) => write!(w, "  [{state}, {}-position]", outcome.as_str())?,
        (None, Some(outcome)) => write!(w, "  [{}-position]", outcome.as_str())?,
        _ => {}
    }
    writeln!(w)
}

#[derive(Serialize)]
struct TurnJson<'a> {
    turn: u64,
    player: Player,
    #[serde(rename = "move")]
    mv: MoveJson<'a>,
    after: &'a [Nat],
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'static str>,
}

/// One JSON object per move.
pub fn turn_json_line(
    w: &mut impl Write,
    game: &Game,
    before: &[Nat],
    turn: &Turn,
) -> io::Result<()> {
    let json = TurnJson {
        turn: turn.turn,
        player: turn.player,
        mv: MoveJson {
            mv: &turn.mv,
            piles: before,
            wythoff: matches!(game.rules(), Rules::Wythoff),
        },
        after: &turn.after,
        state: turn.state.map(|s| s.as_str()),
        outcome: turn.outcome.map(Outcome::as_str),
    };
    serde_json::to_writer(&mut *w, &json)?;
    writeln!(w)
}

/// The last line of a replay.
pub fn winner_line(w: &mut impl Write, game: &Game, winner: Player, turns: u64) -> io::Result<()> {
    let why = match game.play() {
        Play::Normal => "took the last object",
        Play::Misere => "did not take the last object",
    };
    let moves = if turns == 1 { "move" } else { "moves" };
    writeln!(
        w,
        "{} player wins after {turns} {moves} ({} {why}, {})",
        capital(winner),
        winner.as_str(),
        game.play().label()
    )
}

fn capital(p: Player) -> &'static str {
    match p {
        Player::First => "First",
        Player::Second => "Second",
    }
}

/// The last JSON object of a replay: `{"winner":"first"|"second","turns":N}`.
pub fn winner_json_line(w: &mut impl Write, winner: Player, turns: u64) -> io::Result<()> {
    serde_json::to_writer(
        &mut *w,
        &serde_json::json!({ "winner": winner, "turns": turns }),
    )?;
    writeln!(w)
}

// ---------------------------------------------------------------- grundy

/// How a Grundy sequence is known.
pub enum SequenceProof {
    /// A closed form, e.g. `g(n) = n mod 4`, with its period.
    ClosedForm {
        formula: String,
        period: Option<u64>,
    },
    /// A proven minimal preperiod and period.
    Periodic(Periodicity),
    /// Computed entry by entry, no period known.
    Table,
}

/// g(0..=upto), with the proof of its period.
pub fn grundy_sequence(
    w: &mut impl Write,
    game: &Game,
    values: &[Nat],
    proof: &SequenceProof,
    json: bool,
) -> io::Result<()> {
    if json {
        let mut obj = serde_json::Map::new();
        obj.insert(
            "rules".into(),
            serde_json::to_value(RulesJson(game.rules()))?,
        );
        obj.insert(
            "upto".into(),
            serde_json::json!(values.len().saturating_sub(1)),
        );
        obj.insert("values".into(), serde_json::to_value(values)?);
        match proof {
            SequenceProof::ClosedForm { formula, period } => {
                obj.insert("formula".into(), serde_json::json!(formula));
                if let Some(p) = period {
                    obj.insert("preperiod".into(), serde_json::json!(0));
                    obj.insert("period".into(), serde_json::json!(p));
                }
            }
            SequenceProof::Periodic(p) => {
                obj.insert("preperiod".into(), serde_json::json!(p.preperiod));
                obj.insert("period".into(), serde_json::json!(p.period));
                obj.insert(
                    "proof".into(),
                    serde_json::json!({
                        "window": p.window,
                        "from": p.preperiod,
                        "repeats_at": p.preperiod + p.period,
                    }),
                );
            }
            SequenceProof::Table => {}
        }
        serde_json::to_writer(&mut *w, &obj)?;
        return writeln!(w);
    }
    writeln!(
        w,
        "Grundy values g(n) of one pile, {}, n = 0..{}:",
        game.rules().name(2),
        values.len().saturating_sub(1)
    )?;
    for (row, chunk) in values.chunks(20).enumerate() {
        write!(w, "{:>8}:", row * 20)?;
        for v in chunk {
            write!(w, " {v}")?;
        }
        writeln!(w)?;
    }
    match proof {
        SequenceProof::ClosedForm { formula, period } => {
            write!(w, "Closed form: {formula}")?;
            if let Some(p) = period {
                write!(w, " (preperiod 0, period {p})")?;
            }
            writeln!(w)
        }
        SequenceProof::Periodic(p) => periodicity_sentence(w, p),
        SequenceProof::Table => writeln!(w, "No period is known; every value is computed by mex."),
    }
}

/// `g(pile) = value` for single piles.
pub fn grundy_values(
    w: &mut impl Write,
    game: &Game,
    piles: &[(Nat, Nat)],
    json: bool,
) -> io::Result<()> {
    if json {
        let values: Vec<_> = piles
            .iter()
            .map(|(p, g)| serde_json::json!({"pile": p, "grundy": g}))
            .collect();
        serde_json::to_writer(
            &mut *w,
            &serde_json::json!({ "rules": RulesJson(game.rules()), "values": values }),
        )?;
        return writeln!(w);
    }
    for (p, g) in piles {
        writeln!(w, "g({p}) = {g}")?;
    }
    Ok(())
}

/// The Wythoff Grundy table, rows a = 0..=n, columns b = 0..=n.
pub fn wythoff_table(w: &mut impl Write, table: &[Vec<u32>], json: bool) -> io::Result<()> {
    if json {
        serde_json::to_writer(
            &mut *w,
            &serde_json::json!({ "rules": {"kind": "wythoff"}, "table": table }),
        )?;
        return writeln!(w);
    }
    let width = table
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(table.len().to_string().len());
    let head = (table.len().saturating_sub(1)).to_string().len().max(3);
    writeln!(
        w,
        "Grundy values g(a, b) of Wythoff's game (rows a, columns b; 0 marks the Wythoff pairs):"
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
            write!(w, " {v:>width$}")?;
        }
        writeln!(w)?;
    }
    Ok(())
}

/// A bad line of a batch, as JSON: `{"line":N,"error":"…"}`.
pub fn error_json_line(w: &mut impl Write, line: u64, error: &str) -> io::Result<()> {
    serde_json::to_writer(
        &mut *w,
        &serde_json::json!({ "line": line, "error": error }),
    )?;
    writeln!(w)
}
