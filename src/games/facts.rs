//! The facts of a family's own theory, as data the family gives, the engine carries without
//! looking inside, and the printers word: the theorem of a closed form that decided a position
//! ([`FamilyTheorem`]), what that closed form reads off the position ([`Fact`]), why the
//! family's rule chose a move ([`FamilyWhy`]), and a step of `--explain` in the family's terms
//! ([`FamilyStep`]). Each family's kind is defined in the family's own file; a printer matches
//! every variant, so a new family's words are checked by the compiler in every language.
//!
//! The engine's own vocabulary ([`crate::Theorem`], [`crate::Reason`], [`crate::explain::Step`])
//! keeps the facts that hold for every family (Sprague–Grundy, the exhaustive search, the misère
//! Nim rule, tame heaps, quotients, the mex, a period) and carries these as one variant each.

use crate::games::coins::theory as coins;
use crate::games::dynamic::theory::DynamicValue;
use crate::games::euclid::theory::EuclidValue;
use crate::games::hackenbush::theory::HackenbushLine;
use crate::games::kiki::theory as kiki;
use crate::games::moore::theory::{MooreCount, MooreValue};
use crate::games::nim::theory as nim_theory;
use crate::games::slide::theory as slide;
use crate::games::staircase::theory as staircase;
use crate::games::take::theory as take;
use crate::games::wythoff::theory as wythoff_theory;
use crate::moves::Move;
use crate::nat::Nat;
use crate::rules::Play;

/// The theorem of a family's closed form that decided a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FamilyTheorem {
    /// Bouton's theorem (1901) for sums of Nim heaps, normal or misère.
    Nim(nim_theory::Bouton),
    /// Wythoff's theorem (1907), normal or misère.
    Wythoff(wythoff_theory::WythoffTheorem),
    /// Staircase Nim: the staircase is worth the nim-sum of its odd steps.
    Staircase,
    /// Sliding pieces: the gaps paired from the right are a staircase.
    Slide,
    /// The coin-turning theorem: a row is worth the nim-sum of its heads' values.
    CoinTurning,
    /// The Tartan theorem: a board of Turning Corners is worth the nim-sum of x ⊗ y.
    Tartan,
    /// Euclid's game: Cole and Davie's theorem (the Grundy value folded from the quotients).
    Euclid,
    /// k-times dynamic subtraction: lost iff the allowance is below the least term of the
    /// pile's k-sparse representation (Whinihan for Fibonacci Nim).
    Dynamic,
    /// Moore's theorem: lost iff every binary column's count is a multiple of K + 1.
    Moore,
    /// Green Hackenbush: the colon and fusion principles (Winning Ways, ch. 7).
    Hackenbush,
}

impl FamilyTheorem {
    /// The theorem's key in the JSON output's `decided_by` (`"bouton"`, `"misere_wythoff"`,
    /// `"cole_davie"`, …): a fixed ASCII word, the same in every language.
    pub fn json_key(&self) -> &'static str {
        match self {
            FamilyTheorem::Nim(nim_theory::Bouton::Normal) => "bouton",
            FamilyTheorem::Nim(nim_theory::Bouton::Misere) => "bouton_misere",
            FamilyTheorem::Wythoff(wythoff_theory::WythoffTheorem::Normal) => "wythoff",
            FamilyTheorem::Wythoff(wythoff_theory::WythoffTheorem::Misere) => "misere_wythoff",
            FamilyTheorem::Staircase => "staircase_nim",
            FamilyTheorem::Slide => "slide_pairs",
            FamilyTheorem::CoinTurning => "coin_turning",
            FamilyTheorem::Tartan => "tartan",
            FamilyTheorem::Euclid => "cole_davie",
            FamilyTheorem::Dynamic => "dynamic_subtraction",
            FamilyTheorem::Moore => "moore",
            FamilyTheorem::Hackenbush => "colon_fusion",
        }
    }
}

/// A name a family's theory gives a position's class beside its outcome, which the printers
/// show after the class word (`N-position (S2)`) and JSON writes as `state`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClassLabel {
    /// The notes' Nim states S0, S1, S2, T0, T2.
    Nim(nim_theory::NimState),
}

impl ClassLabel {
    /// Every label, in the order of [`ClassLabel::index`]: what a printer words once ahead.
    pub const ALL: [ClassLabel; 5] = [
        ClassLabel::Nim(nim_theory::NimState::S0),
        ClassLabel::Nim(nim_theory::NimState::S1),
        ClassLabel::Nim(nim_theory::NimState::S2),
        ClassLabel::Nim(nim_theory::NimState::T0),
        ClassLabel::Nim(nim_theory::NimState::T2),
    ];

    /// The label's place in [`ClassLabel::ALL`].
    pub fn index(self) -> usize {
        match self {
            ClassLabel::Nim(state) => state as usize,
        }
    }

    /// The label as JSON writes it (`"S2"`): a fixed ASCII word.
    pub fn as_str(self) -> &'static str {
        match self {
            ClassLabel::Nim(state) => state.as_str(),
        }
    }
}

/// Where a fact's fields stand among the fields of a position's JSON object, which keep one
/// order for every family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonSlot {
    /// Before `grundy`: the value the family's theorem decides by (`nim_sum`) and the class
    /// label (`state`).
    BeforeGrundy,
    /// After `preperiod`/`period`, before `remoteness`: where the position stands in the
    /// family's theory (`wythoff_pair`).
    BeforeRemoteness,
}

/// What a family's closed form reads off a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// Nim: the nim-sum, the counts of big piles and 1-piles, and the state S0/S1/S2/T0/T2.
    Nim(nim_theory::NimFact),
    /// Wythoff's game: the Wythoff pair with the same difference, and whether it is the position.
    Wythoff(wythoff_theory::WythoffPlace),
    /// Moore's Nim_k: how many winning moves there are when only the first is listed.
    Moore(MooreCount),
}

impl Fact {
    /// The value a winning move changes at its highest set bit, when the family's theorem has
    /// one (Nim's nim-sum, under both conventions); `None` otherwise (the position's Grundy
    /// value says it then).
    pub fn deciding_value(&self) -> Option<&Nat> {
        match self {
            Fact::Nim(n) => Some(&n.summary.nim_sum),
            Fact::Wythoff(_) | Fact::Moore(_) => None,
        }
    }

    /// The name the family's theory gives the position's class (Nim's state), if any.
    pub fn label(&self) -> Option<ClassLabel> {
        match self {
            Fact::Nim(n) => Some(ClassLabel::Nim(n.state)),
            Fact::Wythoff(_) | Fact::Moore(_) => None,
        }
    }

    /// The fields the fact adds to a position's JSON object at `slot`, as keys and
    /// `serde_json` values in their order: `nim_sum` and `state` for Nim before `grundy`, and
    /// `wythoff_pair` (`[k, a, b]`) for Wythoff's game before `remoteness`; none otherwise.
    /// [`Fact::write_json`] writes the same bytes directly.
    pub fn json_fields(&self, slot: JsonSlot) -> Vec<(&'static str, serde_json::Value)> {
        let number = |n: &Nat| serde_json::to_value(n).unwrap_or(serde_json::Value::Null);
        match (self, slot) {
            (Fact::Nim(n), JsonSlot::BeforeGrundy) => vec![
                ("nim_sum", number(&n.summary.nim_sum)),
                ("state", serde_json::Value::from(n.state.as_str())),
            ],
            (Fact::Wythoff(place), JsonSlot::BeforeRemoteness) => vec![(
                "wythoff_pair",
                serde_json::Value::Array(vec![
                    number(&place.k),
                    number(&place.pair.0),
                    number(&place.pair.1),
                ]),
            )],
            (Fact::Nim(_), JsonSlot::BeforeRemoteness)
            | (Fact::Wythoff(_), JsonSlot::BeforeGrundy)
            | (Fact::Moore(_), _) => Vec::new(),
        }
    }

    /// Appends the fields of [`Fact::json_fields`] at `slot` as JSON, each after a comma
    /// (`,"nim_sum":1,"state":"S2"`), byte for byte what serde writes of them; nothing when
    /// the fact has none there. Every value is a number or a fixed ASCII word.
    pub fn write_json(&self, slot: JsonSlot, out: &mut Vec<u8>) {
        match (self, slot) {
            (Fact::Nim(n), JsonSlot::BeforeGrundy) => {
                out.extend_from_slice(b",\"nim_sum\":");
                n.summary.nim_sum.write_decimal(out);
                out.extend_from_slice(b",\"state\":\"");
                out.extend_from_slice(n.state.as_str().as_bytes());
                out.push(b'"');
            }
            (Fact::Wythoff(place), JsonSlot::BeforeRemoteness) => {
                out.extend_from_slice(b",\"wythoff_pair\":[");
                place.k.write_decimal(out);
                out.push(b',');
                place.pair.0.write_decimal(out);
                out.push(b',');
                place.pair.1.write_decimal(out);
                out.push(b']');
            }
            (Fact::Nim(_), JsonSlot::BeforeRemoteness)
            | (Fact::Wythoff(_), JsonSlot::BeforeGrundy)
            | (Fact::Moore(_), _) => {}
        }
    }

    /// Whether the family's verdict listed only the first of its winning moves (too many to
    /// list; the fact says how many).
    pub(crate) fn lists_first(&self) -> bool {
        matches!(self, Fact::Moore(_))
    }

    /// Why the family's rule plays its own choice of a winning move under `play`; `None` when the
    /// family plays the first of its winning moves.
    pub fn why(&self, play: Play) -> Option<FamilyWhy> {
        match self {
            Fact::Nim(n) => Some(FamilyWhy::Nim(n.why(play))),
            Fact::Wythoff(_) | Fact::Moore(_) => None,
        }
    }

    /// The family's own choice of a winning move from `piles` (the position this fact is of)
    /// under `play`: `Some` with the move (`None` inside when it finds none) when the family has a
    /// rule of its own, `None` when the first winning move is played.
    pub fn chosen_move(&self, piles: &[Nat], play: Play) -> Option<Option<Move>> {
        match self {
            Fact::Nim(n) => Some(nim_theory::count_and_choose(piles, &n.summary, play).1),
            Fact::Wythoff(_) | Fact::Moore(_) => None,
        }
    }
}

/// Why a family's closed form of one-number positions holds ([`crate::SequenceProof::ClosedForm`]),
/// worded by each language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClosedFormWhy {
    /// Subtraction of powers of two: every power of two is 1 or 2 mod 3.
    PowersOfTwoMod3,
    /// A take-and-break game that takes any amount and may leave one heap: every smaller heap
    /// is an option, and no break reaches n (a ⊕ b ≤ a + b < n).
    TakesAnyLeavesOne,
    /// Lasker's Nim: Lasker 1931, proven by induction on the heap.
    LaskersNim,
    /// Staircase Nim: a staircase's value is the nim-sum of its odd steps.
    StaircaseOddSteps,
    /// Sliding pieces: a row's value is the nim-sum of the gaps of its pairs from the right.
    SlideGaps,
    /// A coin-turning game: a row's value is the nim-sum of its heads' values.
    CoinTurning,
    /// Moore's Nim_k on one pile: a move takes any positive amount from it, as in Nim.
    MooreOnePile,
    /// The calendar game: the Gregorian calendar repeats every 400 years (146097 days), and
    /// the values of one cycle are tabulated from the rules.
    GregorianCycle,
}

/// How the moves of a family are typed in its own words at the trainer's prompt
/// ([`crate::Ruleset::typed_moves`]), worded by each language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypedMoves {
    /// Green Hackenbush: `cut A-B` cuts the standing edge A-B.
    CutEdge,
}

/// Why a family's rule chose a winning move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FamilyWhy {
    /// Bouton's rule: the nim-sum's high bit, or misère Nim's S1 and T0.
    Nim(nim_theory::NimWhy),
}

/// A step of an explanation in a family's own terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FamilyStep {
    /// Nim: the largest pile against the nim-sum of the others.
    Nim(nim_theory::LargestPile),
    /// Take 1 to K: the division n = (K + 1)·r + s.
    Take(take::TakeStep),
    /// Wythoff's game: the pair a winning move reaches, or a component's value.
    Wythoff(wythoff_theory::WythoffStep),
    /// Kiki's game: a component's value by the piles' parities.
    Kiki(kiki::KikiValue),
    /// Staircase Nim: the value as the nim-sum of the odd steps.
    Staircase(staircase::StaircaseValue),
    /// Sliding pieces: the value as the nim-sum of the gaps inside the pairs.
    Slide(slide::SlideValue),
    /// A coin-turning game: each head's value and their nim-sum.
    Coins(coins::CoinValues),
    /// Euclid's game: the quotients of the Euclidean algorithm and the value folded from them.
    Euclid(EuclidValue),
    /// k-times dynamic subtraction: the pile's k-sparse representation against the allowance.
    Dynamic(DynamicValue),
    /// Moore's Nim_k: the binary columns' counts mod K + 1.
    Moore(MooreValue),
    /// Green Hackenbush: a step of the colon and fusion principles.
    Hackenbush(HackenbushLine),
    /// Tokens on a graph: each token's vertex with its γ, outcome and remoteness.
    Graph(crate::games::graph::theory::GraphTokens),
}

impl FamilyStep {
    /// Whether the step explains the move to play (Nim's largest pile, the Bash game's take,
    /// the Wythoff pair a move reaches) rather than a Grundy value.
    pub fn explains_move(&self) -> bool {
        match self {
            FamilyStep::Nim(_)
            | FamilyStep::Take(take::TakeStep::Bash { .. })
            | FamilyStep::Wythoff(wythoff_theory::WythoffStep::Reach(_)) => true,
            FamilyStep::Take(take::TakeStep::Residue(_))
            | FamilyStep::Wythoff(wythoff_theory::WythoffStep::Value(_))
            | FamilyStep::Kiki(_)
            | FamilyStep::Staircase(_)
            | FamilyStep::Slide(_)
            | FamilyStep::Coins(_)
            | FamilyStep::Euclid(_)
            | FamilyStep::Dynamic(_)
            | FamilyStep::Moore(_)
            | FamilyStep::Hackenbush(_)
            | FamilyStep::Graph(_) => false,
        }
    }

    /// Whether the step words a position that may go on for ever (each token's γ, outcome and
    /// remoteness): what an explanation of such a position shows of its components, whose
    /// Sprague–Grundy steps do not apply.
    pub fn explains_loopy(&self) -> bool {
        match self {
            FamilyStep::Graph(_) => true,
            FamilyStep::Nim(_)
            | FamilyStep::Take(_)
            | FamilyStep::Wythoff(_)
            | FamilyStep::Kiki(_)
            | FamilyStep::Staircase(_)
            | FamilyStep::Slide(_)
            | FamilyStep::Coins(_)
            | FamilyStep::Euclid(_)
            | FamilyStep::Dynamic(_)
            | FamilyStep::Moore(_)
            | FamilyStep::Hackenbush(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What serde writes of a fact's fields at `slot`, each after a comma, as
    /// [`Fact::write_json`] writes them.
    fn serde_bytes(fact: &Fact, slot: JsonSlot) -> Vec<u8> {
        let mut out = Vec::new();
        for (key, value) in fact.json_fields(slot) {
            out.push(b',');
            out.extend(serde_json::to_vec(key).expect("a key"));
            out.push(b':');
            out.extend(serde_json::to_vec(&value).expect("a value"));
        }
        out
    }

    /// A number of about `digits` decimal digits from `seed` (beyond 2^64 for more than 19).
    fn big(seed: u64, digits: usize) -> Nat {
        let text: String = std::iter::once(b'1' + (seed % 9) as u8)
            .chain((1..digits).map(|i| b'0' + ((seed >> (i % 60)) % 10) as u8))
            .map(char::from)
            .collect();
        text.parse().expect("digits")
    }

    proptest::proptest! {
        /// The fast writer writes serde's bytes of a fact's fields at both slots: Nim's facts
        /// of any piles (beyond 64 bits too), Wythoff's places of any pair, Moore's none.
        #[test]
        fn the_fast_fields_are_serdes(
            piles in proptest::collection::vec((proptest::num::u64::ANY, 1usize..30), 0..6),
            a in proptest::num::u64::ANY,
            b in (proptest::num::u64::ANY, 1usize..30),
        ) {
            let piles: Vec<Nat> = piles.into_iter().map(|(s, d)| big(s, d)).collect();
            let (a, b) = (Nat::from(a % 1000), big(b.0, b.1));
            let facts = [
                Fact::Nim(nim_theory::NimFact::of(&piles)),
                Fact::Wythoff(wythoff_theory::place(&a, &b)),
                Fact::Wythoff(wythoff_theory::place(&b, &a)),
            ];
            for fact in &facts {
                for slot in [JsonSlot::BeforeGrundy, JsonSlot::BeforeRemoteness] {
                    let mut fast = Vec::new();
                    fact.write_json(slot, &mut fast);
                    let serde = serde_bytes(fact, slot);
                    proptest::prop_assert_eq!(
                        String::from_utf8_lossy(&fast),
                        String::from_utf8_lossy(&serde)
                    );
                }
            }
        }
    }

    #[test]
    fn every_label_is_at_its_index_and_written_as_the_notes_state() {
        for (i, label) in ClassLabel::ALL.into_iter().enumerate() {
            assert_eq!(label.index(), i);
        }
        let labels = ClassLabel::ALL.map(ClassLabel::as_str);
        assert_eq!(labels, ["S0", "S1", "S2", "T0", "T2"]);
    }
}
