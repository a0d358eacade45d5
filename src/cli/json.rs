//! The JSON printer: one object a line (JSON Lines), never coloured nor translated. The field
//! names are the serde types here, but for a family's own: its theorem's key and its fact's
//! fields come from the fact ([`nimsolve::FamilyTheorem::json_key`],
//! [`Fact::json_fields`]); the analysis of one component, which a batch writes millions of
//! times, is written directly by [`AnalysisJson`], a property test checking its bytes against
//! serde's.

use std::io::{self, Write};

use nimsolve::engine::misere::{MAX_SHOWN, Method, MisereTheory};
use nimsolve::engine::quotient::{Elem, Presentation};
use nimsolve::engine::review::{Step, StepError};
use nimsolve::engine::sum::{component_after, write_component};
use nimsolve::grundy::{PeriodProof, Periodicity};
use nimsolve::{
    Advice, Analysis, ClassLabel, Fact, Game, JsonSlot, Listing, Move, MoveVerdict, Nat, Outcome,
    Player, Position, Reason, Rules, SequenceProof, Theorem, Turn, WordSum, WordTake,
};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::cli::i18n::{self, Lang};

/// The rule in effect, as JSON: `{"kind":"nim"}`, `{"kind":"max_take","k":3}`,
/// `{"kind":"subtract","set":[2,5]}`, `{"kind":"subtract","family":"fibonacci"}`,
/// `{"kind":"wythoff"}`.
struct RulesJson<'a>(&'a Rules);

impl Serialize for RulesJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.json().serialize(s)
    }
}

/// A move as JSON: `{"component":1,"pile":1,"from":3,"to":2,"take":1,"after":"2 5"}`:
/// `component` the 1-based component it is made in (also in a position of one component),
/// `pile` 1-based counted across the whole position (`"both"` for a take from both piles of
/// Wythoff's or kiki's game, `leaves` in place of `to` for a split), and `after` that
/// component after the move in the position grammar, its spec first unless it is Nim, so that
/// it can be pasted back into `analyze` (`"kayles 3 6"`, `"calendar 4999"`); for a two-pile
/// game whose moves may change both piles (Wythoff's, kiki's) the pair `[a, b]`, as before.
///
/// A component of more than [`AFTER_PILES`] piles has no `after`: each of its moves would
/// repeat it whole (the output would grow as the square of the piles).
struct MoveJson<'a> {
    mv: &'a Move,
    /// The move's component (0-based).
    component: usize,
    /// The component after the move.
    after: Option<After>,
}

/// `mv` made from `before`, as every JSON move is written ([`MoveJson`]): for the printers of
/// other records (a position that may go on for ever).
pub fn move_json<'a>(before: &Position, mv: &'a Move) -> impl Serialize + use<'a> {
    MoveJson::from(before, mv)
}

/// A component after a move, as JSON: the position grammar's text, or for a component of two
/// piles that a move may both change (Wythoff's, kiki's) the pair, as the JSON of those games
/// has always written it (readers of `after` take it as the pair).
#[derive(Serialize)]
#[serde(untagged)]
enum After {
    /// `"kayles 3 6"`.
    Text(String),
    /// `[a, b]`.
    Pair(Vec<Nat>),
}

/// The component of `rules` with piles `piles` (at `offset`) after `mv` (see [`After`]).
fn after_of(rules: &Rules, piles: &[Nat], offset: usize, mv: &Move) -> Option<After> {
    if piles.len() > AFTER_PILES {
        return None;
    }
    if rules.takes_from_both() {
        let local = mv.clone().unshifted(offset)?;
        return local.apply(piles).ok().map(After::Pair);
    }
    component_after(rules, piles, offset, mv).map(After::Text)
}

impl<'a> MoveJson<'a> {
    /// `mv` of the analysed position `a`, whose components without rules of their own play
    /// under `default`.
    fn of(mv: &'a Move, a: &Analysis, default: &Rules) -> MoveJson<'a> {
        let first = mv.piles().start;
        let (component, rules, range) = a
            .components
            .iter()
            .enumerate()
            .find(|(_, c)| c.piles.contains(&first))
            .map_or((0, default, 0..a.piles.len()), |(i, c)| {
                (i, &c.rules, c.piles.clone())
            });
        let piles = a.piles.get(range.clone()).unwrap_or_default();
        MoveJson {
            mv,
            component,
            after: after_of(rules, piles, range.start, mv),
        }
    }

    /// `mv` made from the position `before`.
    fn from(before: &Position, mv: &'a Move) -> MoveJson<'a> {
        let (component, after) = match before.component_of(mv) {
            Some(c) => (c.index, after_of(c.rules, c.piles, c.offset, mv)),
            None => (0, None),
        };
        MoveJson {
            mv,
            component,
            after,
        }
    }
}

impl Serialize for MoveJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("component", &(self.component + 1))?;
        match self.mv {
            Move::Pile { pile, from, to } => {
                m.serialize_entry("pile", &(pile + 1))?;
                m.serialize_entry("from", from)?;
                m.serialize_entry("to", to)?;
            }
            Move::Both { .. } => m.serialize_entry("pile", "both")?,
            Move::To { .. } => {}
            Move::Split {
                pile, from, leaves, ..
            } => {
                m.serialize_entry("pile", &(pile + 1))?;
                m.serialize_entry("from", from)?;
                m.serialize_entry("leaves", leaves)?;
            }
        }
        if !matches!(self.mv, Move::To { .. }) {
            m.serialize_entry("take", &self.mv.take())?;
        }
        if let Some(after) = &self.after {
            m.serialize_entry("after", after)?;
        }
        m.end()
    }
}

/// The most piles of a component whose moves carry `after` (see [`MoveJson`]).
const AFTER_PILES: usize = 1_000;

/// `Some("first")` when an analysis lists only the first winning move of too many.
fn listed(a: &Analysis) -> Option<&'static str> {
    (a.listing == Listing::First && a.outcome == Outcome::N).then_some("first")
}

fn moves_json<'a>(game: &Game, a: &'a Analysis, moves: &'a [Move]) -> Vec<MoveJson<'a>> {
    moves
        .iter()
        .map(|mv| MoveJson::of(mv, a, game.rules()))
        .collect()
}

/// A component of a sum as JSON: `{"rules":…,"piles":[…],"grundy":g}`.
#[derive(Serialize)]
struct ComponentJson<'a> {
    rules: RulesJson<'a>,
    piles: &'a [Nat],
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<&'a Nat>,
}

fn components_json(a: &Analysis) -> Vec<ComponentJson<'_>> {
    a.components
        .iter()
        .map(|c| ComponentJson {
            rules: RulesJson(&c.rules),
            piles: &a.piles[c.piles.clone()],
            grundy: c.grundy.as_ref(),
        })
        .collect()
}

/// The analysis of a sum as JSON (see [`AnalysisJson::line`] for one component): `line`,
/// `piles`, `play`, `components`, `nim_sum`, `state`, `grundy`, `outcome`, `winning_moves`,
/// `decided_by`, `remoteness`.
#[derive(Serialize)]
struct SumJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    piles: &'a [Nat],
    play: &'static str,
    components: Vec<ComponentJson<'a>>,
    /// The family's fact before `grundy` (`nim_sum`, `state`).
    #[serde(flatten)]
    fact: FactFields<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<&'a Nat>,
    outcome: &'static str,
    winning_moves: Vec<MoveJson<'a>>,
    /// `"first"` when the winning moves are too many to list and the first found is given.
    #[serde(skip_serializing_if = "Option::is_none")]
    listed: Option<&'static str>,
    decided_by: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u64>,
}

/// A misère quotient as one JSON object: `rules`, `method` (`tame`, `quotient`), `every_heap`,
/// `checked` (the largest heap checked), `types`, `order`, `p_order`, `generators` (`name`,
/// `heap`: the piles that introduced it), `relations` (`word`, `equals`), `p_portion`, the
/// classes of heaps 0..=`show` as words (`heaps`, a heap game only), `preperiod` and `period`
/// when proven.
pub fn quotient(
    w: &mut impl Write,
    game: &Game,
    theory: &MisereTheory,
    show: u64,
) -> io::Result<()> {
    let map = &theory.maps[0];
    let pres = &theory.presentation;
    let word = |x: Elem| Presentation::word_ascii(&pres.words[x as usize]);
    let mut object = serde_json::json!({
        "rules": game.rules().json(),
        "method": match theory.method {
            Method::KnownTame | Method::Tame => "tame",
            Method::Quotient => "quotient",
        },
        "every_heap": theory.every_heap(),
        "checked": map.checked(),
        "types": theory.types,
        "order": theory.quotient.monoid.len(),
        "p_order": theory.p_portion().len(),
        "generators": theory.generator_heaps.iter().enumerate().map(|(i, (_, atom))| {
            serde_json::json!({"name": Presentation::generator_name(i), "heap": atom})
        }).collect::<Vec<_>>(),
        "relations": pres.relations.iter().map(|(v, nf)| serde_json::json!({
            "word": Presentation::word_ascii(v),
            "equals": Presentation::word_ascii(nf),
        })).collect::<Vec<_>>(),
        "p_portion": theory.p_portion().into_iter().map(word).collect::<Vec<_>>(),
    });
    if map.atom_len() == 1 {
        let heaps: Vec<String> = (0..show.min(MAX_SHOWN))
            .map_while(|h| map.image(&Nat::from(h)).map(word))
            .collect();
        object["heaps"] = serde_json::json!(heaps);
    }
    if let Some((pre, p)) = map.period {
        object["preperiod"] = serde_json::json!(pre);
        object["period"] = serde_json::json!(p);
    }
    serde_json::to_writer(&mut *w, &object)?;
    writeln!(w)
}

/// `nimber --json`: `{"expression":"2*3","value":1}`, the expression as given and its value
/// (a JSON integer with every digit, as every number of the JSON output).
pub fn nimber(
    w: &mut impl Write,
    expression: &str,
    evaluation: &crate::cli::nimber::Evaluation,
) -> io::Result<()> {
    #[derive(Serialize)]
    struct NimberJson<'a> {
        expression: &'a str,
        value: &'a Nat,
    }
    let record = NimberJson {
        expression,
        value: &evaluation.value,
    };
    serde_json::to_writer(&mut *w, &record)?;
    writeln!(w)
}

/// The JSON key of what decided a position.
fn theorem_key(t: Theorem) -> &'static str {
    match t {
        Theorem::SpragueGrundy => "sprague_grundy",
        Theorem::ExhaustiveSearch => "exhaustive_search",
        Theorem::MisereKnownTame => "misere_nim_rule",
        Theorem::MisereTame => "misere_tame",
        Theorem::MisereQuotient => "misere_quotient",
        Theorem::Family(t) => t.json_key(),
    }
}

/// The class label of a family's fact (`"S2"`), JSON's `state`.
fn state(fact: Option<&Fact>) -> Option<&'static str> {
    fact.and_then(Fact::label).map(ClassLabel::as_str)
}

/// The fields a family's fact adds to a JSON object at one slot ([`Fact::json_fields`]),
/// flattened into the record: nothing without a fact.
struct FactFields<'a>(Option<&'a Fact>, JsonSlot);

impl Serialize for FactFields<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let fields = self.0.map(|f| f.json_fields(self.1)).unwrap_or_default();
        let mut map = s.serialize_map(Some(fields.len()))?;
        for (key, value) in &fields {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Appends the JSON line of the analysis of a sum of two or more components.
pub fn sum_json_line(
    out: &mut Vec<u8>,
    game: &Game,
    a: &Analysis,
    line: Option<u64>,
) -> io::Result<()> {
    let json = SumJson {
        line,
        piles: &a.piles,
        play: a.play.as_str(),
        components: components_json(a),
        fact: FactFields(a.fact.as_ref(), JsonSlot::BeforeGrundy),
        grundy: a.grundy.as_ref(),
        outcome: a.outcome.as_str(),
        winning_moves: moves_json(game, a, &a.winning_moves),
        listed: listed(a),
        decided_by: theorem_key(a.decided_by),
        remoteness: a.remoteness,
    };
    serde_json::to_writer(&mut *out, &json)?;
    out.push(b'\n');
    Ok(())
}

/// A JSON array of numbers, written directly.
fn put_nat_array(line: &mut Vec<u8>, values: &[Nat]) {
    line.push(b'[');
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            line.push(b',');
        }
        v.write_decimal(line);
    }
    line.push(b']');
}

/// A JSON array of numbers from their canonical decimal text separated by single spaces: the
/// text copied with each space turned into a comma, eight bytes at a time.
/// The number of decimal digits of `v`.
fn decimal_width(v: u64) -> usize {
    v.checked_ilog10().map_or(1, |l| l as usize + 1)
}

/// Starts a record with its line number, if any, and the key of its piles: `{"line":3,"piles":`.
fn put_line_number(line: &mut Vec<u8>, number: Option<u64>) {
    match number {
        Some(n) => {
            line.extend_from_slice(b"{\"line\":");
            Nat::from(n).write_decimal(line);
            line.extend_from_slice(b",\"piles\":");
        }
        None => line.extend_from_slice(b"{\"piles\":"),
    }
}

fn put_text_array(line: &mut Vec<u8>, text: &[u8]) {
    line.push(b'[');
    let start = line.len();
    line.extend_from_slice(text);
    let (words, rest) = line[start..].as_chunks_mut::<8>();
    for word in words {
        let w = u64::from_le_bytes(*word);
        // Digits (0x30..=0x39) have bit 4 set, a space (0x20) has not: add 0x0C to each space.
        let spaces = (!w >> 4) & 0x0101_0101_0101_0101;
        *word = (w + spaces * 0x0C).to_le_bytes();
    }
    for c in rest {
        if *c == b' ' {
            *c = b',';
        }
    }
    line.push(b']');
}

/// The JSON record of the analysis of one component: the field names and their order, which
/// [`AnalysisJson`] writes directly (a property test checks that its bytes are serde's).
#[derive(Serialize)]
pub struct AnalysisRecord<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    piles: &'a [Nat],
    play: &'static str,
    rules: RulesJson<'a>,
    /// The family's fact before `grundy` (`nim_sum`, `state`).
    #[serde(flatten)]
    fact_before_grundy: FactFields<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy: Option<&'a Nat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pile_grundy: Option<&'a [Nat]>,
    outcome: &'static str,
    winning_moves: Vec<MoveJson<'a>>,
    /// `"first"` when the winning moves are too many to list and the first found is given.
    #[serde(skip_serializing_if = "Option::is_none")]
    listed: Option<&'static str>,
    decided_by: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    preperiod: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<u64>,
    /// The family's fact before `remoteness` (`wythoff_pair`).
    #[serde(flatten)]
    fact_before_remoteness: FactFields<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u64>,
}

impl<'a> AnalysisRecord<'a> {
    /// The record of `a`, an analysis of one component of `game`'s rules.
    pub fn of(game: &'a Game, a: &'a Analysis, line: Option<u64>) -> AnalysisRecord<'a> {
        AnalysisRecord {
            line,
            piles: &a.piles,
            play: a.play.as_str(),
            rules: RulesJson(game.rules()),
            fact_before_grundy: FactFields(a.fact.as_ref(), JsonSlot::BeforeGrundy),
            grundy: a.grundy.as_ref(),
            pile_grundy: a.pile_grundy.as_deref(),
            outcome: a.outcome.as_str(),
            winning_moves: moves_json(game, a, &a.winning_moves),
            listed: listed(a),
            decided_by: theorem_key(a.decided_by),
            preperiod: a.periodicity.map(|p| p.preperiod),
            period: a.periodicity.map(|p| p.period),
            fact_before_remoteness: FactFields(a.fact.as_ref(), JsonSlot::BeforeRemoteness),
            remoteness: a.remoteness,
        }
    }
}

/// Appends the JSON line of an analysis of one component of `game`'s rules, through serde.
pub fn analysis_line(
    out: &mut Vec<u8>,
    game: &Game,
    a: &Analysis,
    line: Option<u64>,
) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &AnalysisRecord::of(game, a, line))?;
    out.push(b'\n');
    Ok(())
}

/// Writes the JSON object of each position's analysis ([`AnalysisRecord`]): `piles`, `play`, `rules`, `nim_sum`,
/// `grundy`, `pile_grundy`, `state`, `outcome`, `winning_moves`, `decided_by`,
/// `preperiod`/`period`, `wythoff_pair`, `remoteness` (see the README). Written directly rather
/// than through serde, since a batch writes millions of them; every value is a number, a fixed
/// ASCII word or the rules (serialised once, with the play, when the writer is made), so nothing
/// needs escaping.
pub struct AnalysisJson {
    /// `,"play":…,"rules":…`, the same for every position of a game.
    play_and_rules: Vec<u8>,
    /// `,"after":"` and the game's spec with a space (nothing for Nim): the start of a
    /// move's `after`.
    after_head: Vec<u8>,
    /// The game's rules, which write a component after a move other than a take from a pile.
    rules: Rules,
    /// Whether a move's `after` is the pair of a two-pile game (see [`After`]).
    pairs: bool,
}

impl AnalysisJson {
    /// The writer for the analyses of `game`.
    pub fn new(game: &Game) -> AnalysisJson {
        let rules =
            serde_json::to_string(&RulesJson(game.rules())).unwrap_or_else(|_| "null".to_string());
        AnalysisJson {
            play_and_rules: format!(",\"play\":\"{}\",\"rules\":{rules}", game.play().as_str())
                .into_bytes(),
            after_head: {
                let mut head = b",\"after\":\"".to_vec();
                if !game.rules().written_without_spec() {
                    head.extend_from_slice(game.rules().spec().as_bytes());
                    head.push(b' ');
                }
                head
            },
            rules: game.rules().clone(),
            pairs: game.rules().takes_from_both(),
        }
    }

    /// Appends the JSON line of `a`, an analysis of this writer's game. `piles_text`, when
    /// given, is `a.piles` in canonical decimal separated by single spaces, copied rather than
    /// formatted.
    pub fn line(
        &self,
        line: &mut Vec<u8>,
        a: &Analysis,
        piles_text: Option<&[u8]>,
        number: Option<u64>,
    ) {
        put_line_number(line, number);
        let piles_at = line.len();
        match piles_text {
            Some(text) => put_text_array(line, text),
            None => put_nat_array(line, &a.piles),
        }
        let text = piles_text;
        let piles_text = piles_at..line.len();
        line.extend_from_slice(&self.play_and_rules);
        if let Some(fact) = &a.fact {
            fact.write_json(JsonSlot::BeforeGrundy, line);
        }
        if let Some(g) = &a.grundy {
            line.extend_from_slice(b",\"grundy\":");
            g.write_decimal(line);
        }
        if let Some(values) = &a.pile_grundy {
            line.extend_from_slice(b",\"pile_grundy\":");
            if values == &a.piles {
                // Nim: each pile is its own Grundy value.
                line.extend_from_within(piles_text);
            } else {
                put_nat_array(line, values);
            }
        }
        line.extend_from_slice(match a.outcome {
            Outcome::N => b",\"outcome\":\"N\",\"winning_moves\":[",
            Outcome::P => b",\"outcome\":\"P\",\"winning_moves\":[",
        });
        let mut at = TextCursor::default();
        for (i, mv) in a.winning_moves.iter().enumerate() {
            self.put_move(line, mv, &a.piles, text, &mut at, i == 0);
        }
        if !a.winning_moves.is_empty() {
            line.push(b'}');
        }
        line.push(b']');
        if listed(a).is_some() {
            line.extend_from_slice(b",\"listed\":\"first\"");
        }
        line.extend_from_slice(b",\"decided_by\":\"");
        line.extend_from_slice(theorem_key(a.decided_by).as_bytes());
        line.push(b'"');
        if let Some(p) = &a.periodicity {
            line.extend_from_slice(b",\"preperiod\":");
            Nat::from(p.preperiod).write_decimal(line);
            line.extend_from_slice(b",\"period\":");
            Nat::from(p.period).write_decimal(line);
        }
        if let Some(fact) = &a.fact {
            fact.write_json(JsonSlot::BeforeRemoteness, line);
        }
        if let Some(r) = a.remoteness {
            line.extend_from_slice(b",\"remoteness\":");
            Nat::from(r).write_decimal(line);
        }
        line.extend_from_slice(b"}\n");
    }

    /// Whether [`AnalysisJson::word_line`] writes this game's analyses (its moves' `after` is
    /// not a pair).
    pub fn writes_words(&self) -> bool {
        !self.pairs
    }

    /// [`AnalysisJson::line`] of piles that each fit in a machine word, decided by their
    /// family's closed form ([`nimsolve::Game::closed_sum_words`]) with every winning move in
    /// `moves`: the same bytes, from `text`, the piles in canonical decimal separated by single
    /// spaces.
    pub fn word_line(
        &self,
        line: &mut Vec<u8>,
        piles: &[u64],
        text: &[u8],
        sum: &WordSum,
        moves: &[WordTake],
        number: Option<u64>,
    ) {
        let closed = &sum.closed;
        put_line_number(line, number);
        let piles_at = line.len();
        put_text_array(line, text);
        line.extend_from_slice(&self.play_and_rules);
        closed.fact.write_json(JsonSlot::BeforeGrundy, line);
        if let Some(g) = &closed.grundy {
            line.extend_from_slice(b",\"grundy\":");
            g.write_decimal(line);
            if sum.heaps_are_values {
                line.extend_from_slice(b",\"pile_grundy\":");
                line.extend_from_within(piles_at..piles_at + text.len() + 2);
            }
        }
        line.extend_from_slice(match closed.outcome {
            Outcome::N => b",\"outcome\":\"N\",\"winning_moves\":[",
            Outcome::P => b",\"outcome\":\"P\",\"winning_moves\":[",
        });
        let mut at = TextCursor::default();
        let width = |pile: usize, _: usize| decimal_width(piles[pile]);
        let after = piles.len() <= AFTER_PILES;
        for (i, take) in moves.iter().enumerate() {
            let from = Nat::from(piles[take.pile]);
            let to = Nat::from(take.to);
            let span = after.then(|| at.span(text, take.pile, width));
            self.put_take(line, take.pile, (&from, &to), text, span, i == 0);
        }
        if !moves.is_empty() {
            line.push(b'}');
        }
        line.extend_from_slice(b"],\"decided_by\":\"");
        line.extend_from_slice(theorem_key(Theorem::Family(closed.theorem)).as_bytes());
        line.push(b'"');
        closed.fact.write_json(JsonSlot::BeforeRemoteness, line);
        line.extend_from_slice(b"}\n");
    }

    /// A take from pile `pile` (0-based), `from → to`, as JSON without its closing brace, after
    /// the previous move's closing brace and a comma unless it is the first: its `from` and its
    /// `after` copied from `text`, the piles' canonical text, where `span` finds the pile in it
    /// (no `after` without a span: a component of too many piles).
    fn put_take(
        &self,
        line: &mut Vec<u8>,
        pile: usize,
        (from, to): (&Nat, &Nat),
        text: &[u8],
        span: Option<(usize, usize)>,
        first: bool,
    ) {
        line.extend_from_slice(if first {
            b"{\"component\":1,\"pile\":"
        } else {
            b"},{\"component\":1,\"pile\":"
        });
        Nat::from(pile + 1).write_decimal(line);
        line.extend_from_slice(b",\"from\":");
        match span {
            Some((start, end)) => line.extend_from_slice(&text[start..end]),
            None => from.write_decimal(line),
        }
        line.extend_from_slice(b",\"to\":");
        let digits = line.len();
        to.write_decimal(line);
        let digits = digits..line.len();
        line.extend_from_slice(b",\"take\":");
        from.checked_sub(to).unwrap_or_default().write_decimal(line);
        if let Some((start, end)) = span {
            line.extend_from_slice(&self.after_head);
            line.extend_from_slice(&text[..start]);
            line.extend_from_within(digits);
            line.extend_from_slice(&text[end..]);
            line.push(b'"');
        }
    }

    /// A move as JSON without its closing brace (the same fields as [`MoveJson`]), after the
    /// previous move's closing brace and a comma unless it is the first. A take from a pile
    /// writes its `after` from `piles_text` (the piles' canonical text, when given) with the
    /// pile's new size in its place, found from `at` on (moves come in pile order).
    fn put_move(
        &self,
        line: &mut Vec<u8>,
        mv: &Move,
        piles: &[Nat],
        piles_text: Option<&[u8]>,
        at: &mut TextCursor,
        first: bool,
    ) {
        // The batch's common case, a take from a pile with the piles' text at hand: `from` and
        // the piles around the one taken from are copied from the text, `to` from its own
        // digits just written.
        if let (Move::Pile { pile, from, to }, Some(text)) = (mv, piles_text)
            && *pile < piles.len()
            && piles.len() <= AFTER_PILES
            && !self.pairs
        {
            let width = |pile: usize, at: usize| match piles[pile].to_u64() {
                Some(v) => decimal_width(v),
                None => text[at..]
                    .iter()
                    .position(|&b| b == b' ')
                    .unwrap_or(text.len() - at),
            };
            let span = at.span(text, *pile, width);
            self.put_take(line, *pile, (from, to), text, Some(span), first);
            return;
        }
        line.extend_from_slice(if first {
            b"{\"component\":1,"
        } else {
            b"},{\"component\":1,"
        });
        match mv {
            Move::Pile { pile, from, to } => {
                line.extend_from_slice(b"\"pile\":");
                Nat::from(pile + 1).write_decimal(line);
                line.extend_from_slice(b",\"from\":");
                from.write_decimal(line);
                line.extend_from_slice(b",\"to\":");
                to.write_decimal(line);
            }
            Move::Both { .. } => line.extend_from_slice(b"\"pile\":\"both\""),
            Move::To { .. } => {
                // A move of a whole component: what it leaves is all there is to say.
                if let Ok(after) = mv.apply(piles) {
                    line.extend_from_slice(b"\"after\":\"");
                    write_component(&self.rules, &after, line);
                    line.push(b'"');
                }
                return;
            }
            Move::Split {
                pile, from, leaves, ..
            } => {
                line.extend_from_slice(b"\"pile\":");
                Nat::from(pile + 1).write_decimal(line);
                line.extend_from_slice(b",\"from\":");
                from.write_decimal(line);
                line.extend_from_slice(b",\"leaves\":");
                put_nat_array(line, leaves);
            }
        }
        line.extend_from_slice(b",\"take\":");
        mv.take().write_decimal(line);
        if piles.len() > AFTER_PILES {
            return;
        }
        if self.pairs {
            if let Ok(after) = mv.apply(piles) {
                line.extend_from_slice(b",\"after\":");
                put_nat_array(line, &after);
            }
            return;
        }
        match mv {
            Move::Pile { pile, to, .. } if *pile < piles.len() => {
                line.extend_from_slice(&self.after_head);
                for (i, p) in piles.iter().enumerate() {
                    if i > 0 {
                        line.push(b' ');
                    }
                    if i == *pile { to } else { p }.write_decimal(line);
                }
                line.push(b'"');
            }
            _ => {
                if let Ok(after) = mv.apply(piles) {
                    line.extend_from_slice(b",\"after\":\"");
                    write_component(&self.rules, &after, line);
                    line.push(b'"');
                }
            }
        }
    }
}

/// Where pile `pile` of a line's canonical piles text was last found, so that the piles of a
/// line's moves, in ascending order, are found in one pass over the text.
#[derive(Default)]
struct TextCursor {
    /// The pile found last.
    pile: usize,
    /// Where it starts in the text.
    start: usize,
}

impl TextCursor {
    /// The bytes of pile `pile` (0-based) in `text`, the canonical decimal text of some piles
    /// separated by single spaces, found from the piles' decimal widths: `width(p, at)`, the
    /// width of pile `p`, which starts at `at` in the text.
    #[inline]
    fn span(
        &mut self,
        text: &[u8],
        pile: usize,
        width: impl Fn(usize, usize) -> usize,
    ) -> (usize, usize) {
        if pile < self.pile {
            *self = TextCursor::default();
        }
        while self.pile < pile {
            self.start = (self.start + width(self.pile, self.start) + 1).min(text.len());
            self.pile += 1;
        }
        let end = (self.start + width(pile, self.start)).min(text.len());
        (self.start, end)
    }
}

#[derive(Serialize)]
struct AdviceJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    piles: &'a [Nat],
    play: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<RulesJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    components: Option<Vec<ComponentJson<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'static str>,
    outcome: &'static str,
    #[serde(rename = "move")]
    mv: Option<MoveJson<'a>>,
    winning: bool,
    /// True when the fallback rule chose the move (a lost position beyond the search limit);
    /// left out otherwise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    fallback: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    after: Option<Vec<Nat>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<MoveJson<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u64>,
}

/// One JSON object: `{"piles","play","state","outcome","move","after",…}`.
pub fn advice_json_line(
    w: &mut impl Write,
    game: &Game,
    advice: &Advice,
    all: bool,
    line: Option<u64>,
) -> io::Result<()> {
    let a = &advice.analysis;
    let sum = !a.components.is_empty();
    let json = AdviceJson {
        line,
        piles: &a.piles,
        play: a.play.as_str(),
        rules: (!sum).then(|| RulesJson(game.rules())),
        components: sum.then(|| components_json(a)),
        state: state(a.fact.as_ref()),
        outcome: a.outcome.as_str(),
        mv: advice
            .suggestion
            .as_ref()
            .map(|mv| MoveJson::of(mv, a, game.rules())),
        winning: advice.is_winning(),
        fallback: matches!(advice.reason, Reason::Fallback | Reason::FallbackOption),
        after: advice
            .suggestion
            .as_ref()
            .and_then(|mv| mv.apply(&a.piles).ok()),
        winning_moves: all.then(|| moves_json(game, a, &a.winning_moves)),
        remoteness: a.remoteness,
    };
    serde_json::to_writer(&mut *w, &json)?;
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

/// One JSON object per move: the move (from the position before it) and the position after.
pub fn turn_json_line(w: &mut impl Write, turn: &Turn) -> io::Result<()> {
    let before = turn.after.before(&turn.mv);
    let json = TurnJson {
        turn: turn.turn,
        player: turn.player,
        mv: match &before {
            Some(before) => MoveJson::from(before, &turn.mv),
            None => MoveJson::from(&turn.after, &turn.mv),
        },
        after: turn.after.piles(),
        state: state(turn.fact.as_ref()),
        outcome: turn.outcome.map(Outcome::as_str),
    };
    serde_json::to_writer(&mut *w, &json)?;
    writeln!(w)
}

/// The last JSON object of a replay: `{"winner":"first"|"second","turns":N}`, with `"seed"`
/// when one was drawn for the game (none was given).
pub fn winner_json_line(
    w: &mut impl Write,
    winner: Player,
    turns: u64,
    seed: Option<u64>,
) -> io::Result<()> {
    let mut json = serde_json::json!({ "winner": winner, "turns": turns });
    if let Some(seed) = seed {
        json["seed"] = seed.into();
    }
    serde_json::to_writer(&mut *w, &json)?;
    writeln!(w)
}

/// The last line of a review: `{"turns":N,"winner":…}`, `turns` counting the legal moves only,
/// `winner` left out while a move is left, and `illegal_steps` the steps that no single legal
/// move makes, when there are any.
pub fn review_summary_json_line(
    w: &mut impl Write,
    winner: Option<Player>,
    turns: u64,
    illegal: u64,
    after_end: u64,
) -> io::Result<()> {
    let mut json = serde_json::json!({ "turns": turns });
    if let Some(winner) = winner {
        json["winner"] = serde_json::to_value(winner).map_err(io::Error::other)?;
    }
    if illegal > 0 {
        json["illegal_steps"] = illegal.into();
    }
    if after_end > 0 {
        json["lines_after_end"] = after_end.into();
    }
    serde_json::to_writer(&mut *w, &json)?;
    writeln!(w)
}

/// A line of a review after the end of its game (at line `end_line`), as JSON:
/// `{"line":N,"after_end":true,"end_line":M,"error":"…"}`.
pub fn review_after_end_json_line(
    w: &mut impl Write,
    line: u64,
    end_line: u64,
    error: &str,
) -> io::Result<()> {
    /// The fields in the documented order (`json!` would sort them).
    #[derive(Serialize)]
    struct AfterEnd<'a> {
        line: u64,
        after_end: bool,
        end_line: u64,
        error: &'a str,
    }
    let json = AfterEnd {
        line,
        after_end: true,
        end_line,
        error,
    };
    serde_json::to_writer(&mut *w, &json)?;
    writeln!(w)
}

/// A bad line of a batch, as JSON: `{"line":N,"error":"…"}`.
pub fn error_json_line(w: &mut impl Write, line: u64, error: &str) -> io::Result<()> {
    /// The fields in the documented order (`json!` would sort them).
    #[derive(Serialize)]
    struct BadLine<'a> {
        line: u64,
        error: &'a str,
    }
    serde_json::to_writer(&mut *w, &BadLine { line, error })?;
    writeln!(w)
}

/// g(0..=upto) as one JSON object: `values`, `rules`, `upto`, and the proof (`formula`,
/// `preperiod`, `period`, `proof`; or `"period":null` and `checked`, the values a period was
/// sought in, when none is proven by them); no proof fields without `proof`.
pub fn grundy_sequence(
    w: &mut impl Write,
    game: &Game,
    values: &[Nat],
    proof: Option<&SequenceProof>,
) -> io::Result<()> {
    let mut obj = serde_json::Map::new();
    obj.insert(
        "rules".into(),
        serde_json::to_value(RulesJson(game.rules()))?,
    );
    obj.insert(
        "upto".into(),
        serde_json::json!(values.len().saturating_sub(1)),
    );
    match proof {
        None | Some(SequenceProof::Table) => {}
        Some(SequenceProof::ClosedForm {
            formula,
            period,
            reason,
        }) => {
            let formula = match reason {
                Some(why) => {
                    format!(
                        "{formula} ({})",
                        i18n::words(Lang::En).closed_form_reason(*why)
                    )
                }
                None => formula.clone(),
            };
            obj.insert("formula".into(), serde_json::json!(formula));
            if let Some(p) = period {
                obj.insert("preperiod".into(), serde_json::json!(0));
                obj.insert("period".into(), serde_json::json!(p));
            }
        }
        Some(SequenceProof::Periodic(p)) => period_fields(&mut obj, p),
        Some(SequenceProof::Unproven { values }) => {
            obj.insert("period".into(), serde_json::Value::Null);
            obj.insert("checked".into(), serde_json::json!(values));
        }
    }
    // The values are written straight out: millions of them would make a large JSON tree.
    let rest = serde_json::to_vec(&obj)?;
    let mut line = Vec::with_capacity(1 << 16);
    line.extend_from_slice(b"{\"values\":[");
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            line.push(b',');
        }
        v.write_decimal(&mut line);
        if line.len() >= 1 << 16 {
            w.write_all(&line)?;
            line.clear();
        }
    }
    line.extend_from_slice(b"],");
    line.extend_from_slice(rest.get(1..).unwrap_or(b"}"));
    line.push(b'\n');
    w.write_all(&line)
}

/// Positions' Grundy values as one JSON object: `{"rules":…,"values":[{"pile","grundy"}]}`
/// (`{"position":[a,b],"grundy"}` for a pair of a two-pile game),
/// with `preperiod`, `period` and `proof` (as [`grundy_sequence`]'s) when the heap sequence's
/// period is proven.
pub fn grundy_values(
    w: &mut impl Write,
    game: &Game,
    values: &[(Vec<Nat>, Nat)],
    period: Option<&Periodicity>,
) -> io::Result<()> {
    let values: Vec<_> = values
        .iter()
        .map(|(position, g)| match position.as_slice() {
            [pile] => serde_json::json!({"pile": pile, "grundy": g}),
            _ => serde_json::json!({"position": position, "grundy": g}),
        })
        .collect();
    let mut obj = serde_json::Map::new();
    obj.insert(
        "rules".into(),
        serde_json::to_value(RulesJson(game.rules()))?,
    );
    obj.insert("values".into(), serde_json::Value::Array(values));
    if let Some(p) = period {
        period_fields(&mut obj, p);
    }
    serde_json::to_writer(&mut *w, &obj)?;
    writeln!(w)
}

/// The fields of a proven period: `preperiod`, `period`, and `proof` (`theorem` "window" or
/// "guy-smith" with `last_take`; `window`, the values checked from `from`, repeating at
/// `repeats_at`).
fn period_fields(obj: &mut serde_json::Map<String, serde_json::Value>, p: &Periodicity) {
    obj.insert("preperiod".into(), serde_json::json!(p.preperiod));
    obj.insert("period".into(), serde_json::json!(p.period));
    obj.insert(
        "proof".into(),
        match p.proof {
            PeriodProof::Window => serde_json::json!({
                "theorem": "window",
                "window": p.window,
                "from": p.preperiod,
                "repeats_at": p.preperiod + p.period,
            }),
            PeriodProof::GuySmith { last_take } => serde_json::json!({
                "theorem": "guy-smith",
                "last_take": last_take,
                "window": p.window,
                "from": p.preperiod,
                "repeats_at": p.preperiod + p.period,
            }),
        },
    );
}

/// The Grundy table of a game of two-pile components as one JSON object:
/// `{"rules":…,"table":[[g(0,0),…],…]}`.
pub fn pair_table(w: &mut impl Write, game: &Game, table: &[Vec<Option<u64>>]) -> io::Result<()> {
    serde_json::to_writer(
        &mut *w,
        &serde_json::json!({ "rules": RulesJson(game.rules()), "table": table }),
    )?;
    writeln!(w)
}

/// One step of a review as JSON: `{"line","turn","player","legal":true,"move","before",
/// "after","state","outcome","verdict"}`, with `"winning_move"` after a blunder.
pub fn review_json_line(
    w: &mut impl Write,
    line: u64,
    before: &Position,
    step: &Step,
) -> io::Result<()> {
    #[derive(Serialize)]
    struct StepJson<'a> {
        line: u64,
        turn: u64,
        player: Player,
        legal: bool,
        #[serde(rename = "move")]
        mv: MoveJson<'a>,
        before: &'a [Nat],
        after: &'a [Nat],
        #[serde(skip_serializing_if = "Option::is_none")]
        state: Option<&'static str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        outcome: Option<&'static str>,
        verdict: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        winning_move: Option<MoveJson<'a>>,
    }
    let turn = &step.turn;
    let json = StepJson {
        line,
        turn: turn.turn,
        player: turn.player,
        legal: true,
        // The move's pile counts in the position before (the one after may leave out a heap it
        // emptied).
        mv: MoveJson::from(before, &turn.mv),
        before: before.piles(),
        after: turn.after.piles(),
        state: state(turn.fact.as_ref()),
        outcome: turn.outcome.map(Outcome::as_str),
        verdict: step.verdict.as_str(),
        winning_move: match &step.verdict {
            MoveVerdict::Blunder { winning } => Some(MoveJson::from(before, winning)),
            _ => None,
        },
    };
    serde_json::to_writer(&mut *w, &json)?;
    writeln!(w)
}

/// A step of a review that no single legal move makes, as JSON: `{"line","turn","player",
/// "legal":false,"before","after","error"}`, and `"reason"` (the machine name of the rules'
/// reason, [`nimsolve::MoveError::kind`]: `more_than_max`, …) when a move leads there that the
/// rules forbid.
pub fn review_illegal_json_line(
    w: &mut impl Write,
    line: u64,
    turn: u64,
    before: &Position,
    after: &Position,
    error: &str,
    why: &StepError,
) -> io::Result<()> {
    #[derive(Serialize)]
    struct IllegalJson<'a> {
        line: u64,
        turn: u64,
        player: Player,
        legal: bool,
        before: &'a [Nat],
        after: &'a [Nat],
        error: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<&'static str>,
    }
    let json = IllegalJson {
        line,
        turn,
        player: nimsolve::engine::review::mover(turn),
        legal: false,
        before: before.piles(),
        after: after.piles(),
        error,
        reason: match why {
            StepError::Illegal { reason, .. } => Some(reason.kind()),
            _ => None,
        },
    };
    serde_json::to_writer(&mut *w, &json)?;
    writeln!(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimsolve::{Limits, Play};

    /// The games of the fast writer's property test, by index.
    fn game(index: usize, play: Play) -> Game {
        let specs = [
            "nim",
            "max-take:3",
            "subtract:2,5",
            "subtract:powers-of-two",
            "wythoff",
        ];
        let rules = Rules::parse(specs[index % specs.len()]).expect("a spec");
        Game::new(rules, play, Limits::default())
    }

    proptest::proptest! {
        /// The fast writer writes serde's bytes of the record, for every family, both play
        /// conventions, with and without a line number and the piles' text.
        #[test]
        fn the_fast_writer_writes_the_records_bytes(
            index in 0usize..5,
            misere in proptest::bool::ANY,
            piles in proptest::collection::vec(0u64..12, 0..5),
            line in proptest::option::of(1u64..1_000_000),
            text in proptest::bool::ANY,
        ) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let game = game(index, play);
            let mut piles: Vec<Nat> = piles.into_iter().map(Nat::from).collect();
            if let Some(n) = game.rules().component_piles() {
                piles.resize(n, Nat::ONE);
            }
            let a = game.analyze(&game.position(piles.clone()).unwrap()).unwrap();
            let canonical: Vec<String> = piles.iter().map(Nat::to_string).collect();
            let canonical = canonical.join(" ");
            let mut fast = Vec::new();
            let writer = AnalysisJson::new(&game);
            writer.line(&mut fast, &a, text.then_some(canonical.as_bytes()), line);
            let mut serde = serde_json::to_vec(&AnalysisRecord::of(&game, &a, line)).unwrap();
            serde.push(b'\n');
            proptest::prop_assert_eq!(
                String::from_utf8_lossy(&fast),
                String::from_utf8_lossy(&serde)
            );
        }
    }

    proptest::proptest! {
        /// Copying the canonical text writes the array that formatting each pile writes, for
        /// texts ending anywhere in a word of eight bytes.
        #[test]
        fn the_piles_text_copied_is_the_array_formatted(
            piles in proptest::collection::vec(
                proptest::prop_oneof![0..10u64, 0..1_000_000_000u64, proptest::num::u64::ANY],
                1..20,
            )
        ) {
            let piles: Vec<Nat> = piles.into_iter().map(Nat::from).collect();
            let text: Vec<String> = piles.iter().map(Nat::to_string).collect();
            let (mut copied, mut formatted) = (b"x".to_vec(), b"x".to_vec());
            put_text_array(&mut copied, text.join(" ").as_bytes());
            put_nat_array(&mut formatted, &piles);
            proptest::prop_assert_eq!(
                String::from_utf8_lossy(&copied),
                String::from_utf8_lossy(&formatted)
            );
        }
    }
}

#[derive(Serialize)]
struct CompoundJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    position: String,
    compound: &'static str,
    outcome: &'static str,
    decided_by: &'static str,
    numbers: &'a [u64],
    decisive: u64,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<Vec<CompoundMoveJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    after: Option<String>,
}

#[derive(Serialize)]
struct CompoundMoveJson {
    /// 1-based.
    component: usize,
    after: String,
}

/// One JSON line for a compound other than the sum: the outcome, what decided it with each
/// component's number, and the winning move, each component's part of it and the whole
/// position after it (`after`, in the position grammar).
pub fn compound_json_line(
    out: &mut Vec<u8>,
    position: &nimsolve::Position,
    a: &nimsolve::CompoundAnalysis,
    line: Option<u64>,
) -> io::Result<()> {
    use nimsolve::Compound;
    let decided_by = match a.compound {
        Compound::Conjunctive => "remoteness",
        Compound::Continued => "suspense",
        Compound::Selective => "selective",
        Compound::Disjunctive => "sum",
    };
    let mv = a.after.as_ref().map(|_| {
        a.moves
            .iter()
            .map(|(i, mv)| CompoundMoveJson {
                component: i + 1,
                after: position
                    .component_after(mv)
                    .map(|(_, text)| text)
                    .unwrap_or_default(),
            })
            .collect()
    });
    let json = CompoundJson {
        line,
        position: nimsolve::engine::compound::written(position),
        compound: a.compound.as_str(),
        outcome: a.outcome.as_str(),
        decided_by,
        numbers: &a.numbers,
        decisive: a.decisive,
        mv,
        after: a.after.as_ref().map(nimsolve::engine::compound::written),
    };
    serde_json::to_writer(&mut *out, &json)?;
    out.push(b'\n');
    Ok(())
}
