//! English, the default. Where the library already words something in English (`Display` of
//! moves, `Play::label`, `NimState::meaning`, …) its words are used.

use std::fmt;

use nimsolve::LoopyRule;
use nimsolve::engine::misere::Method;
use nimsolve::engine::replay::{Hint, HintNext};
use nimsolve::explain::{PeriodStep, SearchNeed};
use nimsolve::games::calendar::DateStep;
use nimsolve::games::coins::theory::{CoinRule, CoinValues, TurnWords};
use nimsolve::games::digits::DigitMove;
use nimsolve::games::dynamic::DynamicValue;
use nimsolve::games::euclid::EuclidValue;
use nimsolve::games::graph::theory::{Gamma, GraphTokens, Outcome as GraphOutcome};
use nimsolve::games::hackenbush::{HackenbushLine, NamedStep};
use nimsolve::games::kiki::{CoinStep, KikiValue};
use nimsolve::games::moore::{MooreCount, MooreValue};
use nimsolve::games::nim::theory::{Bouton, NimWhy};
use nimsolve::games::slide::SlideValue;
use nimsolve::games::staircase::theory::StaircaseValue;
use nimsolve::games::take::{Division, TakeStep};
use nimsolve::games::wythoff::theory::{WythoffPlace, WythoffTheorem};
use nimsolve::games::wythoff::{WythoffStep, WythoffValue, WythoffWhy};
use nimsolve::grundy::{PeriodProof, Periodicity};
use nimsolve::{
    ClassLabel, Fact, FamilyStep, FamilyTheorem, FamilyWhy, Move, MoveVerdict, MoveWords, Nat,
    NimState, Outcome, Play, Player, Reason, Rules, Theorem,
};

use super::{MoveText, ShowPart, other_piles, set_text};
use super::{
    QuotientPart, VerdictWords, Words, pair_change, put_heaps, put_number, put_numbers, window,
};
use nimsolve::FamilyName;
use nimsolve::error::{LearnError, MoveRule, NoQuotientWhy, NumberError, RuleError};
use nimsolve::name::Name;
use nimsolve::{ClosedFormWhy, TypedMoves};
use nimsolve::{IllegalMove, MoveError, PlayError, PositionError, SolveError, StepError};

use crate::cli::command::{CommandError, MoveKind, MoveKinds};
use crate::cli::errors::{CliError, ErrorContext, Wanted};
use crate::cli::nimber::{ExprError, ExprWhy, NimberOp};
use nimsolve::error::NimberError;

/// The English words.
pub struct English;

const VERDICT: VerdictWords = VerdictWords {
    sep: "; ",
    grundy_value: "Grundy value ",
    nim_sum: "nim-sum ",
    no_move: "no move is left",
    one_winning_move: "1 winning move: ",
    winning_moves_eg: " winning moves, e.g. ",
    winning_moves: " winning moves",
    too_many_moves: "too many winning moves to list, one is ",
    remoteness: ("remoteness ", ""),
};

/// The head of the trainer's help, its moves (a row each, with the way it applies to) and its
/// commands.
const MOVES_HEAD: &str = "Moves, typed at the prompt:";
const MOVE_ROWS: [(MoveKind, &str); 5] = [
    (
        MoveKind::Heaps,
        "  PILE TAKE            take TAKE from pile PILE: 3 2 takes 2 from pile 3",
    ),
    (
        MoveKind::Both,
        "  both TAKE            a game on two piles that takes from both (Wythoff's game; kiki's game's diagonal, both 1): take TAKE from both piles (both PILE TAKE: from the component whose first pile is PILE)",
    ),
    (
        MoveKind::Splits,
        "  PILE TAKE = A + B    a take-and-break game: take TAKE from pile PILE and break what is left into heaps A and B",
    ),
    (
        MoveKind::Whole,
        "  to NUMBERS           a game played as one whole state (a staircase, a row of coins, a graph, Euclid's pair): move to that position, written as the game writes it (to C: NUMBERS in component C of a sum)",
    ),
    (
        MoveKind::Typed(TypedMoves::CutEdge),
        "  cut A-B              Green Hackenbush: cut the standing edge A-B",
    ),
];
const COMMANDS: &str = "Commands: hint (提示) tells you who wins, then which pile, then the move; undo (悔棋) takes your last move back; show (显示); help (帮助); quit (退出) stops. The coach judges each of your moves (--no-coach plays blind).";

/// Piles counted with what they are: `no pile of one`, `1 pile of one`, `3 piles of one`.
fn piles_that(n: usize, what: &str) -> String {
    match n {
        0 => format!("no pile {what}"),
        1 => format!("1 pile {what}"),
        n => format!("{n} piles {what}"),
    }
}

/// `1 move`, `2 moves`.
fn moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// How a move is typed at the trainer's prompt.
/// How moves are typed in a position: `a move as PILE TAKE (…) or …`, the ways its
/// components take.
fn move_syntax(kinds: &MoveKinds) -> String {
    let MoveKinds {
        takes_from_both,
        splits,
        whole,
        heaps,
        typed,
    } = kinds;
    let mut ways = Vec::new();
    if *heaps {
        ways.push("PILE TAKE (2 3 takes 3 from pile 2)");
    }
    for t in typed {
        ways.push(match t {
            TypedMoves::CutEdge => "cut A-B (cut 1-2 cuts the standing edge 1-2)",
        });
    }
    if *whole {
        ways.push("to NUMBERS, the position after it (to C: NUMBERS for component C of a sum)");
    }
    if *takes_from_both {
        ways.push("both TAKE (both 3 takes 3 from each pile)");
    }
    if *splits {
        ways.push(
            "PILE TAKE = A + B (2 1 = 3 + 4 takes 1 from pile 2 and leaves heaps of 3 and 4)",
        );
    }
    format!("a move as {}", ways.join(" or "))
}

impl Words for English {
    fn put_move(&self, out: &mut Vec<u8>, mv: &MoveWords, named: bool) {
        let at = |out: &mut Vec<u8>, pile: usize, several: bool| {
            if named || several {
                out.extend_from_slice(b"pile ");
                put_number(out, pile + 1);
                out.extend_from_slice(b": ");
            }
        };
        match mv {
            MoveWords::Whole {
                pile,
                before,
                after,
            } => match super::takes_of(*pile, before, after) {
                // Only takes: `take 2 from pile 2 and 3 from pile 3 (→ 3 3 3)`.
                Some(takes) => {
                    out.extend_from_slice(b"take ");
                    for (k, (p, take, _, _)) in takes.iter().enumerate() {
                        if k > 0 {
                            out.extend_from_slice(if k + 1 == takes.len() {
                                b" and "
                            } else {
                                b", "
                            });
                        }
                        take.write_decimal(out);
                        out.extend_from_slice(b" from pile ");
                        put_number(out, p + 1);
                    }
                    // The changed piles before and after: `(5 6 → 3 3)`.
                    out.extend_from_slice(b" (");
                    for (k, (_, _, b, _)) in takes.iter().enumerate() {
                        if k > 0 {
                            out.push(b' ');
                        }
                        b.write_decimal(out);
                    }
                    out.extend_from_slice(" →".as_bytes());
                    for (_, _, _, a) in &takes {
                        out.push(b' ');
                        a.write_decimal(out);
                    }
                    out.push(b')');
                }
                None => {
                    out.extend_from_slice(b"move to");
                    put_numbers(out, after);
                }
            },
            MoveWords::Take { pile, from, to } => {
                out.extend_from_slice(b"take ");
                from.saturating_sub(to).write_decimal(out);
                out.extend_from_slice(b" from pile ");
                put_number(out, pile + 1);
                out.extend_from_slice(b" (");
                from.write_decimal(out);
                out.extend_from_slice(" → ".as_bytes());
                to.write_decimal(out);
                out.push(b')');
            }
            MoveWords::Both { pile, take, pair } => {
                out.extend_from_slice(b"take ");
                take.write_decimal(out);
                out.extend_from_slice(b" from both piles");
                if named || *pile > 0 {
                    out.push(b' ');
                    put_number(out, pile + 1);
                    out.extend_from_slice(b" and ");
                    put_number(out, pile + 2);
                }
                if let Some(([b0, b1], [a0, a1])) = pair {
                    self.put_pair_change(out, [b0, b1], [a0, a1]);
                }
            }
            MoveWords::Split {
                pile,
                from,
                take,
                leaves,
            } => {
                if take.is_zero() {
                    out.extend_from_slice(b"split pile ");
                } else {
                    out.extend_from_slice(b"take ");
                    take.write_decimal(out);
                    out.extend_from_slice(b" from pile ");
                }
                put_number(out, pile + 1);
                out.extend_from_slice(b" (");
                from.write_decimal(out);
                out.extend_from_slice(" → ".as_bytes());
                put_heaps(out, leaves);
                out.push(b')');
            }
            MoveWords::Date(d) => {
                at(out, d.pile, d.several);
                out.extend_from_slice(format!("move to {}", d.to).as_bytes());
                out.extend_from_slice(match d.step {
                    DateStep::NextDay => b" (the next day)" as &[u8],
                    DateStep::NextMonth => b" (the same day of the next month)",
                });
            }
            MoveWords::Multiply(m) => {
                at(out, m.pile, m.several);
                out.extend_from_slice(b"multiply by ");
                if m.most > m.least {
                    out.extend_from_slice(b"any of ");
                    put_number(out, usize::from(m.least));
                    out.extend_from_slice(b" to ");
                    put_number(out, usize::from(m.most));
                } else {
                    put_number(out, usize::from(m.least));
                }
                out.extend_from_slice(b" (factor still needed ");
                m.from.write_decimal(out);
                out.extend_from_slice(" → ".as_bytes());
                m.to.write_decimal(out);
                out.push(b')');
            }
            MoveWords::Digit(d) => {
                let (pile, before, after) = match &d.change {
                    DigitMove::Lower {
                        pile,
                        at: place,
                        from,
                        to,
                        before,
                        after,
                    } => {
                        at(out, *pile, d.several);
                        out.extend_from_slice(
                            format!("change digit {place} from {from} to {to}").as_bytes(),
                        );
                        (pile, before, after)
                    }
                    DigitMove::Erase {
                        pile,
                        at: place,
                        before,
                        after,
                    } => {
                        at(out, *pile, d.several);
                        out.extend_from_slice(
                            format!("delete the 0 at digit {place} and every digit after it")
                                .as_bytes(),
                        );
                        (pile, before, after)
                    }
                };
                let _ = pile;
                let shown = |s: &str| {
                    if s.is_empty() {
                        "empty".to_string()
                    } else {
                        s.to_string()
                    }
                };
                out.extend_from_slice(
                    format!(" ({} → {})", shown(before), shown(after)).as_bytes(),
                );
            }
            MoveWords::Coin(c) => {
                if named {
                    out.extend_from_slice(
                        format!("piles {} and {}: ", c.pile + 1, c.pile + 2).as_bytes(),
                    );
                }
                out.extend_from_slice(match c.step {
                    CoinStep::Down => b"move down" as &[u8],
                    CoinStep::Left => b"move left",
                    CoinStep::Diagonal => b"move diagonally",
                });
                out.extend_from_slice(format!(" to ({}, {})", c.to[0], c.to[1]).as_bytes());
            }
            MoveWords::CoinTurn(m) => {
                let listed = |c: &[String]| match c {
                    [one] => one.clone(),
                    [init @ .., last] => format!("{} and {last}", init.join(", ")),
                    [] => String::new(),
                };
                let text = match &m.turned {
                    TurnWords::Coins(c) if c.len() == 1 => format!("turn coin {}", c[0]),
                    TurnWords::Coins(c) => {
                        let c: Vec<String> = c.iter().map(Nat::to_string).collect();
                        format!("turn coins {}", listed(&c))
                    }
                    TurnWords::Run(from, to) => format!("turn coins {from} to {to}"),
                    TurnWords::Rectangle((a, b), (x, y)) => {
                        let c = [
                            format!("{a}:{b}"),
                            format!("{a}:{y}"),
                            format!("{x}:{b}"),
                            format!("{x}:{y}"),
                        ];
                        format!("turn corners {}", listed(&c))
                    }
                };
                out.extend_from_slice(text.as_bytes());
                if m.heads_left.is_empty() {
                    out.extend_from_slice(b" (no heads left)");
                } else {
                    out.extend_from_slice(
                        format!(" (heads left: {})", super::heads_text(&m.heads_left)).as_bytes(),
                    );
                }
            }
            MoveWords::Staircase(m) => {
                let coins = if m.coins.is_one() { "coin" } else { "coins" };
                let text = if m.step == 1 {
                    format!("take {} {coins} off step 1", m.coins)
                } else {
                    format!(
                        "move {} {coins} from step {} to step {}",
                        m.coins,
                        m.step,
                        m.step - 1
                    )
                };
                out.extend_from_slice(text.as_bytes());
                out.extend_from_slice(b" (leaving");
                put_numbers(out, &m.after);
                out.push(b')');
            }
            MoveWords::Slide(m) => {
                out.extend_from_slice(
                    format!("move the piece on cell {} to cell {}", m.from, m.to).as_bytes(),
                );
            }
            MoveWords::Euclid(m) => {
                let text = format!("subtract {} × {} from {} (→", m.times, m.smaller, m.larger);
                out.extend_from_slice(text.as_bytes());
                put_numbers(out, &m.after);
                out.push(b')');
            }
            MoveWords::In { component, words } => {
                out.extend_from_slice(b"component ");
                put_number(out, component + 1);
                out.extend_from_slice(b": ");
                self.put_move(out, words, false);
            }
            MoveWords::Token { from, to, .. } => {
                out.extend_from_slice(format!("move a token from {from} to {to}").as_bytes());
            }
            MoveWords::Dynamic(m) => {
                out.extend_from_slice(
                    format!("take {} (next may take up to {})", m.take, m.next).as_bytes(),
                );
            }
            MoveWords::Hackenbush(m) => {
                let (a, b) = &m.cut;
                let mut text = format!("cut edge {a}-{b}");
                match m.fell_count {
                    0 => {}
                    1 => text.push_str(&format!(
                        " (the edge {} falls)",
                        super::edge_list(&m.fell, ", ")
                    )),
                    k if k <= m.fell.len() => text.push_str(&format!(
                        " (the edges {} fall)",
                        super::edge_list(&m.fell, ", ")
                    )),
                    k => text.push_str(&format!(
                        " ({k} edges fall: {}, …)",
                        super::edge_list(&m.fell, ", ")
                    )),
                }
                out.extend_from_slice(text.as_bytes());
            }
        }
    }

    fn rules_name(&self, rules: &Rules, _piles: usize) -> String {
        family_name(&rules.name())
    }

    fn sum_name(&self, names: &[String], play: Play) -> String {
        format!("{}, {}", names.join(" + "), self.play_label(play))
    }

    fn play_label(&self, play: Play) -> &'static str {
        play.label()
    }

    fn player(&self, p: Player) -> &'static str {
        p.as_str()
    }

    fn player_kind<'a>(&self, kind: &'a str) -> &'a str {
        kind
    }

    fn empty_piles(&self) -> &'static str {
        "(empty)"
    }

    fn class_word(&self, outcome: Outcome) -> &'static str {
        match outcome {
            Outcome::N => "N-position",
            Outcome::P => "P-position",
        }
    }

    fn outcome_phrase(&self, outcome: Outcome) -> &'static str {
        match outcome {
            Outcome::N => "the player to move wins",
            Outcome::P => "the player to move loses against perfect play",
        }
    }

    fn class(&self, word: &str, label: Option<ClassLabel>) -> String {
        match label {
            None => word.to_string(),
            Some(ClassLabel::Nim(state)) => format!("{word} ({state})"),
        }
    }

    fn verdict_head(&self, class: &str, name: &str, outcome: Outcome, exhaustive: bool) -> String {
        let search = if exhaustive {
            " (exhaustive search)"
        } else {
            ""
        };
        format!(
            "{class} in {name}: {}{search}",
            self.outcome_phrase(outcome)
        )
    }

    fn verdict(&self) -> &'static VerdictWords {
        &VERDICT
    }

    fn put_fact_value(&self, out: &mut Vec<u8>, fact: &Fact) -> bool {
        let pieces = self.verdict();
        match fact {
            Fact::Nim(n) => {
                out.extend_from_slice(pieces.sep.as_bytes());
                out.extend_from_slice(pieces.nim_sum.as_bytes());
                n.summary.nim_sum.write_decimal(out);
                true
            }
            Fact::Wythoff(place) => {
                out.extend_from_slice(pieces.sep.as_bytes());
                out.extend_from_slice(self.wythoff_place(place).as_bytes());
                true
            }
            Fact::Moore(_) => false,
        }
    }

    fn fact_lines(&self, fact: &Fact) -> Vec<String> {
        match fact {
            Fact::Nim(n) => vec![self.state_line(n.state, n.summary.big_piles, n.summary.ones)],
            Fact::Wythoff(place) => {
                let (a, b) = &place.pair;
                vec![
                    self.wythoff_pair(&place.k, a, b),
                    self.wythoff_is_pair(place.is_pair).to_string(),
                ]
            }
            Fact::Moore(count) => vec![self.moore_count(count)],
        }
    }

    fn family_move_reason(
        &self,
        why: FamilyWhy,
        fact: Option<&Fact>,
        mv: &Move,
        shown: &str,
        high_bit: &dyn Fn(String) -> String,
    ) -> String {
        match (why, mv) {
            (FamilyWhy::Nim(NimWhy::HighBit { bit, misere }), Move::Pile { pile, from, to }) => {
                let x = fact.and_then(Fact::deciding_value).unwrap_or(&Nat::ZERO);
                let mut said =
                    self.high_bit_move(pile + 1, &high_bit(self.bit(bit)), from, x, to, shown);
                if misere {
                    // Bouton's misère rule in S2: play as in normal play.
                    said.push_str(" Under misère play with two or more piles larger than one the move is normal play's: it leaves nim-sum 0 with two or more piles larger than one (T2), lost for the player then to move under both conventions.");
                }
                said
            }
            (FamilyWhy::Nim(_), _) => self.move_reason(Reason::Family(why), shown),
        }
    }

    fn family_step(
        &self,
        step: &FamilyStep,
        piles: &[Nat],
        painted: &dyn Fn(&Move) -> String,
    ) -> String {
        match step {
            FamilyStep::Nim(s) => {
                let others = other_piles(piles, s.pile);
                let shown = s.to.as_ref().map(painted);
                self.largest_pile(s.pile + 1, &s.size, &others, &s.others, shown.as_deref())
            }
            FamilyStep::Take(TakeStep::Bash { division, to }) => {
                self.bash_division(division, to.as_ref().map(painted).as_deref())
            }
            FamilyStep::Take(TakeStep::Residue(d)) => self.residue(d),
            FamilyStep::Wythoff(WythoffStep::Reach(r)) => {
                self.wythoff_reach(&painted(&r.mv), &r.k, &r.pair.0, &r.pair.1)
            }
            FamilyStep::Wythoff(WythoffStep::Value(v)) => {
                let values = match &v.why {
                    WythoffWhy::Mex { values, .. } => set_text(values),
                    WythoffWhy::Pair { .. } => String::new(),
                };
                self.wythoff_value(v.pile + 1, v, &values)
            }
            FamilyStep::Kiki(v) => self.kiki_value(v.pile + 1, v),
            FamilyStep::Staircase(v) => self.staircase_value(v),
            FamilyStep::Slide(v) => self.slide_value(v),
            FamilyStep::Coins(v) => self.coin_values(v),
            FamilyStep::Euclid(v) => self.euclid_value(v),
            FamilyStep::Dynamic(v) => self.dynamic_value(v),
            FamilyStep::Moore(v) => self.moore_value(v),
            FamilyStep::Hackenbush(v) => self.hackenbush_step(v),
            FamilyStep::Graph(v) => self.graph_tokens(v),
        }
    }

    fn wythoff_place(&self, place: &WythoffPlace) -> String {
        let ((a, b), k) = (&place.pair, &place.k);
        if place.is_pair {
            format!("Wythoff pair k = {k} ({a}, {b})")
        } else {
            format!("difference {k}, whose Wythoff pair is ({a}, {b})")
        }
    }

    fn state_meaning(&self, state: NimState) -> &'static str {
        state.meaning()
    }

    fn theorem(&self, t: Theorem) -> &'static str {
        match t {
            Theorem::SpragueGrundy => {
                "the Sprague–Grundy theorem (1935/1939): the player to move wins iff the xor of the Grundy values of the piles (of a sum, of its components) is not 0"
            }
            Theorem::ExhaustiveSearch => {
                "exhaustive game-tree search (no closed form is used for misère play of this game)"
            }
            Theorem::MisereKnownTame => {
                "the misère Nim rule on Grundy values, proven for Nim heaps and heaps of take at most K at every size: the player to move loses iff every heap's value is at most 1 and an odd number are 1, or some value is 2 or more and the values' nim-sum is 0"
            }
            Theorem::MisereTame => {
                "Conway's tame theory: the heaps are proven tame by the misère quotient check, so the misère Nim rule on Grundy values decides: the player to move loses iff every value is at most 1 and an odd number are 1, or some value is 2 or more and their nim-sum is 0"
            }
            Theorem::MisereQuotient => {
                "the misère quotient (Plambeck–Siegel 2008), proven by the quotient check: the player to move loses iff the product of the heaps' classes lies in the P-portion"
            }
            Theorem::Family(FamilyTheorem::Nim(Bouton::Normal)) => {
                "Bouton's theorem (1901): the player to move wins iff the nim-sum is not 0"
            }
            Theorem::Family(FamilyTheorem::Nim(Bouton::Misere)) => {
                "Bouton's theorem for misère play (1901): the player to move wins iff the state is S1, S2 or T0"
            }
            Theorem::Family(FamilyTheorem::Wythoff(WythoffTheorem::Normal)) => {
                "Wythoff's theorem (1907): the player to move loses iff the piles are a Wythoff pair (⌊kφ⌋, ⌊kφ⌋+k)"
            }
            Theorem::Family(FamilyTheorem::Hackenbush) => {
                "the colon and fusion principles of Green Hackenbush (Winning Ways, ch. 7): a cycle fuses into loops at one vertex, a loop is worth 1, a branch 1 + the value above it, and a vertex the nim-sum of its branches and loops; the player to move loses iff the ground's value is 0"
            }
            Theorem::Family(FamilyTheorem::Euclid) => {
                "Cole and Davie's theorem (1969): in Euclid's game the player to move wins iff the larger number is more than φ times the smaller, the two are equal, or (a quotient of 1) the pair after the only move is lost"
            }
            Theorem::Family(FamilyTheorem::Dynamic) => {
                "k-times dynamic subtraction (Whinihan 1963 for Fibonacci Nim): the player to move loses iff the allowance is below the least term of the pile's k-sparse representation"
            }
            Theorem::Family(FamilyTheorem::Moore) => {
                "Moore's theorem (1910): in Nim_K the player to move loses iff the count of 1s in every binary column is a multiple of K + 1"
            }
            Theorem::Family(FamilyTheorem::Slide) => {
                "sliding pieces as staircase Nim: pair the pieces from the right; the player to move loses iff the nim-sum of the gaps inside the pairs is 0"
            }
            Theorem::Family(FamilyTheorem::CoinTurning) => {
                "the coin-turning theorem (Lenstra; Winning Ways ch. 14): a row of coins is worth the nim-sum of its heads' values, so the player to move loses iff that nim-sum is 0"
            }
            Theorem::Family(FamilyTheorem::Tartan) => {
                "the Tartan theorem (Winning Ways ch. 14): a board of Turning Corners is worth the nim-sum of x ⊗ y over its heads (nim-multiplication), so the player to move loses iff that nim-sum is 0"
            }
            Theorem::Family(FamilyTheorem::Staircase) => {
                "staircase Nim: a staircase is worth the nim-sum of the coins on its odd steps (Sprague–Grundy), so the player to move loses iff that nim-sum is 0"
            }
            Theorem::Family(FamilyTheorem::Wythoff(WythoffTheorem::Misere)) => {
                "misère Wythoff: the player to move loses iff the piles are (0, 1), (2, 2) or a Wythoff pair (⌊kφ⌋, ⌊kφ⌋+k) with k ≥ 2"
            }
        }
    }

    fn misere_values(&self, values: &[Nat]) -> String {
        let big = values.iter().filter(|v| *v > &Nat::ONE).count();
        let ones = values.iter().filter(|v| *v == &Nat::ONE).count();
        let mut x = Nat::ZERO;
        for v in values {
            x.xor_assign(v);
        }
        let listed: Vec<String> = values.iter().map(Nat::to_string).collect();
        let listed = listed.join(" ");
        if big == 0 {
            format!(
                "Grundy values of the heaps: {listed} (none of value 2 or more; {ones} of value 1)"
            )
        } else {
            format!("Grundy values of the heaps: {listed} ({big} of value 2 or more; nim-sum {x})")
        }
    }

    fn misere_classes(&self, heaps: &[String], product: &str, in_p: bool) -> String {
        let place = if in_p { "in" } else { "not in" };
        format!(
            "Classes of the heaps in the misère quotient: {}; their product {product} is {place} the P-portion.",
            heaps.join(", ")
        )
    }

    fn grundy_progress(&self, pile: &Nat, limit: u64) -> String {
        format!(
            "computing g({}): values up to the table limit ({limit}), seeking a period…",
            pile.brief()
        )
    }

    fn quotient_progress(&self, heap: u64, elements: usize) -> String {
        format!("learning the misère quotient: heap {heap}, {elements} elements")
    }

    fn quotient_refused(
        &self,
        name: &str,
        heaps: Option<(u64, bool)>,
        why: &NoQuotientWhy,
    ) -> String {
        match heaps {
            None => format!("no misère quotient of {name}: {why}"),
            Some((n, true)) => {
                format!("no misère quotient of {name} was proven for the heaps up to {n}: {why}")
            }
            Some((n, false)) => format!(
                "no misère quotient of {name} was proven for the heaps up to {n} (the default; --heaps N asks for others): {why}"
            ),
        }
    }

    fn quotient_head(&self, name: &str, method: Method) -> String {
        let kind = match method {
            Method::KnownTame | Method::Tame => {
                "tame (the misère Nim rule on Grundy values decides every sum of its heaps)"
            }
            Method::Quotient => "wild (its quotient is not misère Nim's)",
        };
        format!("Misère quotient of {name}: {kind}")
    }

    fn quotient_proof(
        &self,
        checked: u64,
        types: usize,
        period: Option<(u64, u64)>,
        by_rule: bool,
    ) -> String {
        match period {
            None if by_rule => format!(
                "The misère Nim rule (Bouton 1901) decides every heap of this game; the quotient of all its heaps is infinite, so the one shown is of the heaps up to {checked}, proven by the quotient check ({types} types of positions)."
            ),
            Some((pre, p)) => format!(
                "Proven for every heap by the quotient check ({types} types of positions over the heaps up to {checked}): the heap map has preperiod {pre} and period {p}."
            ),
            None => format!(
                "Proven for the heaps up to {checked} by the quotient check ({types} types of positions); no period of the heap map is proven."
            ),
        }
    }

    fn quotient_order(&self, order: usize, p: usize) -> String {
        format!("|Q| = {order}, |P| = {p}")
    }

    fn quotient_line(&self, part: QuotientPart, items: &[String]) -> String {
        let label = self.quotient_label(part);
        if items.is_empty() {
            format!("{label}:")
        } else {
            format!("{label}: {}", items.join(", "))
        }
    }

    fn quotient_label(&self, part: QuotientPart) -> &'static str {
        match part {
            QuotientPart::Generators => "Generators",
            QuotientPart::Relations => "Relations",
            QuotientPart::PPortion => "P-portion",
            QuotientPart::Heaps => "Heaps",
            QuotientPart::Heap => "heap",
        }
    }

    fn closed_form_reason(&self, why: ClosedFormWhy) -> &'static str {
        match why {
            ClosedFormWhy::PowersOfTwoMod3 => "every power of two is 1 or 2 mod 3",
            ClosedFormWhy::TakesAnyLeavesOne => {
                "every smaller heap is an option, and no break reaches n: a ⊕ b ≤ a + b < n"
            }
            ClosedFormWhy::LaskersNim => {
                "Lasker 1931, proven by induction on the heap: Winning Ways, ch. 4"
            }
            ClosedFormWhy::StaircaseOddSteps => {
                "the coins on step 1; a staircase's value is the nim-sum of its odd steps"
            }
            ClosedFormWhy::SlideGaps => {
                "the gap between the wall and the piece; a row's value is the nim-sum of the gaps of its pairs from the right"
            }
            ClosedFormWhy::CoinTurning => {
                "the value of a head at coin n; a row's value is the nim-sum of its heads' values, by the coin-turning theorem of Winning Ways, ch. 14"
            }
            ClosedFormWhy::MooreOnePile => {
                "a move takes any positive amount from the one pile, as in Nim"
            }
            ClosedFormWhy::GregorianCycle => {
                "the Gregorian calendar repeats every 400 years, 146097 days, and one cycle is tabulated from the rules"
            }
        }
    }

    fn position_head(&self, position: &str, name: &str) -> String {
        format!("Position {position} — {name}")
    }

    fn state_line(&self, state: NimState, big: usize, ones: usize) -> String {
        // The state's meaning counts the piles larger than one up to one: say how many only
        // beyond that.
        let counts = if big >= 2 {
            format!(
                "{}, {}",
                piles_that(big, "larger than one"),
                piles_that(ones, "of one")
            )
        } else {
            piles_that(ones, "of one")
        };
        format!(
            "State {state}: {} ({counts}); in the P/Q/R/S/F naming: {}.",
            state.meaning(),
            state.pqrsf()
        )
    }

    fn wythoff_pair(&self, k: &Nat, a: &Nat, b: &Nat) -> String {
        format!(
            "Difference k = {k}; the k-th Wythoff pair is (⌊kφ⌋, ⌊kφ⌋ + k) = ({a}, {b}), computed as ⌊(k + ⌊√(5k²)⌋)/2⌋ in integers."
        )
    }

    fn wythoff_is_pair(&self, is_pair: bool) -> &'static str {
        if is_pair {
            "The position is that pair."
        } else {
            "The position is not that pair."
        }
    }

    fn periodicity(&self, p: &Periodicity) -> String {
        let (pre, period, window_len) = (p.preperiod, p.period, p.window);
        let (a, b, c, d) = window(p);
        match p.proof {
            PeriodProof::Window => format!(
                "The pile Grundy sequence has preperiod {pre} and period {period}: g({a}), …, g({b}) = g({c}), …, g({d}): a window of {window_len} values (the largest amount) repeats, so g(n + {period}) = g(n) for every n ≥ {pre}."
            ),
            PeriodProof::GuySmith { last_take } => format!(
                "The heap Grundy sequence has preperiod {pre} and period {period}: g(n + {period}) = g(n) for {pre} ≤ n ≤ {b} (= 2·{pre} + {period} + {last_take} − 1; {last_take} is the most a move removes), so by the Guy–Smith theorem (1956) g(n + {period}) = g(n) for every n ≥ {pre}."
            ),
        }
    }

    fn by_theorem(&self, t: Theorem) -> String {
        format!("By {}:", self.theorem(t))
    }

    fn verdict_sentence(&self, word: &str, outcome: Outcome) -> String {
        format!("{word} — {}.", self.outcome_phrase(outcome))
    }

    fn every_winning_move_head(&self, n: usize) -> String {
        format!("Every winning move ({n}):")
    }

    fn first_winning_move_head(&self) -> &'static str {
        "Too many winning moves to list within the search limit; the first found:"
    }

    fn compound_verdict(
        &self,
        compound: nimsolve::Compound,
        outcome: nimsolve::Outcome,
        position: &str,
        decisive: u64,
    ) -> String {
        let (state, who) = if outcome.to_move_wins() {
            ("N", "the player to move wins")
        } else {
            ("P", "the player to move loses")
        };
        let parity = if decisive % 2 == 1 { "odd" } else { "even" };
        let why = match compound {
            nimsolve::Compound::Conjunctive => format!("least remoteness {decisive}, {parity}"),
            nimsolve::Compound::Continued => {
                format!("largest suspense number {decisive}, {parity}")
            }
            _ if decisive == 0 => "every component is a P-position".to_string(),
            _ => format!("{decisive} components are N-positions"),
        };
        // The compounds' theorems are of normal play (misère play is refused).
        format!(
            "{state}-position in the {} compound of {position}, {}: {who} ({why})",
            compound.as_str(),
            self.play_label(Play::Normal)
        )
    }

    fn compound_theorem(
        &self,
        compound: nimsolve::Compound,
        numbers: &[u64],
        decisive: u64,
    ) -> String {
        let list = numbers
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let parity = if decisive % 2 == 1 { "odd" } else { "even" };
        match compound {
            nimsolve::Compound::Conjunctive => format!(
                "Smith's theorem (Winning Ways, ch. 9): a conjunctive compound's remoteness is the least of its components' remotenesses, min({list}) = {decisive}; the player to move wins iff it is odd, and it is {parity}."
            ),
            nimsolve::Compound::Continued => format!(
                "Suspense numbers (Winning Ways, ch. 9; Every-SG): a continued conjunctive compound is won by the player to move iff the largest of its components' suspense numbers is odd: max({list}) = {decisive}, {parity}."
            ),
            _ => format!(
                "The selective rule: the player to move loses iff every component is a P-position alone; the components' outcomes (1 for N, 0 for P) are {list}."
            ),
        }
    }

    fn compound_component(
        &self,
        compound: nimsolve::Compound,
        index: usize,
        component: &str,
        number: u64,
        after: Option<&str>,
    ) -> String {
        let what = match compound {
            nimsolve::Compound::Conjunctive => format!("remoteness {number}"),
            nimsolve::Compound::Continued => format!("suspense number {number}"),
            _ if number == 1 => "an N-position alone".to_string(),
            _ => "a P-position alone".to_string(),
        };
        let to = after.map_or(String::new(), |after| format!("; to {after}"));
        format!("component {} ({component}): {what}{to}", index + 1)
    }

    fn compound_move(&self, after: Option<&str>, moved: usize) -> String {
        match (after, moved) {
            (Some(after), 1) => format!("winning move: in 1 component, to {after}"),
            (Some(after), n) => format!("winning move: in {n} components, to {after}"),
            (None, _) => "no move wins".to_string(),
        }
    }

    fn remoteness_sentence(&self, r: u64) -> String {
        match r {
            0 => "Remoteness 0: no move is left, so the game is over.".to_string(),
            1 => "Remoteness 1: under best play (the winner hurries, the loser delays) the game ends after 1 more move.".to_string(),
            r => format!(
                "Remoteness {r}: under best play (the winner hurries, the loser delays) the game ends after {r} more moves."
            ),
        }
    }

    fn sum_table_heads(&self) -> [&'static str; 5] {
        ["component", "game", "piles", "Grundy value", "xor so far"]
    }

    fn component_move(&self, component: usize, name: &str, g: &Nat, x: &Nat, to: &Nat) -> String {
        format!(
            "The move is in component {component} ({name}): its Grundy value goes from {g} to {g} ⊕ {x} = {to}, so the xor of the components becomes 0."
        )
    }

    fn xor_label(&self, nim: bool) -> &'static str {
        if nim { "nim-sum" } else { "xor" }
    }

    fn row_label(&self, nim: bool, pile: usize) -> String {
        if nim {
            format!("pile {pile}")
        } else {
            format!("g(pile {pile})")
        }
    }

    fn pile_holds(&self, pile: usize, holds: &Nat) -> String {
        format!("(pile {pile} holds {holds})")
    }

    fn bit(&self, bit: u64) -> String {
        format!("bit {bit}")
    }

    fn highest_set_bit(&self, bit: u64) -> String {
        format!("highest set bit: bit {bit}")
    }

    fn high_bit_move(
        &self,
        pile: usize,
        bit: &str,
        from: &Nat,
        x: &Nat,
        to: &Nat,
        shown: &str,
    ) -> String {
        format!(
            "Pile {pile} is the lowest-numbered pile with {bit} set: {from} ⊕ {x} = {to} < {from}, so {shown}."
        )
    }

    fn move_reason(&self, reason: Reason, shown: &str) -> String {
        match reason {
            Reason::Family(FamilyWhy::Nim(NimWhy::MisereBigPile)) => format!(
                "Misère play, one pile larger than one: reduce it to 0 or 1 so that an odd number of 1-piles remain: {shown}."
            ),
            Reason::Family(FamilyWhy::Nim(NimWhy::MisereOnes)) => format!(
                "Misère play, only 1-piles, an even number of them: take one to leave an odd number: {shown}."
            ),
            Reason::Delays => {
                format!("No move wins; the move that delays the loss longest is {shown}.")
            }
            Reason::Fallback => format!(
                "No move wins; the position is beyond the search limit, so the fallback move is {shown} (the least amount from the largest pile)."
            ),
            Reason::FallbackOption => format!(
                "No move wins; the position is beyond the search limit, so the fallback move is {shown} (a legal move the game draws by its own rule, the same every time)."
            ),
            Reason::Family(FamilyWhy::Nim(NimWhy::HighBit { .. }))
            | Reason::Wins
            | Reason::NoMove => format!("Play: {shown}."),
        }
    }

    fn no_move_left(&self, name: &str, play: Play) -> String {
        let verdict = match play {
            Play::Normal => "the player to move has lost",
            Play::Misere => "the player to move has won (the opponent took the last object)",
        };
        format!("no move is left in {name}: {verdict}")
    }

    fn advice_verdict(&self, winning: bool, class: &str, name: &str) -> String {
        if winning {
            format!(": a winning move ({class}, {name})")
        } else {
            format!(": no move wins, the position is lost against perfect play ({class}, {name})")
        }
    }

    fn advice_reason(&self, reason: Reason, remoteness: Option<u64>) -> String {
        match (reason, remoteness) {
            (Reason::Delays, Some(r)) => format!("; it delays the loss longest (remoteness {r})"),
            (Reason::Fallback, _) => "; beyond the search limit, so the fallback rule chose it (the least amount from the largest pile)".to_string(),
            (Reason::FallbackOption, _) => "; beyond the search limit, so the fallback rule chose it (a legal move the game draws by its own rule, the same every time)".to_string(),
            (Reason::Delays, None) | (Reason::Family(_) | Reason::Wins | Reason::NoMove, _) => {
                String::new()
            }
        }
    }

    fn every_winning_move_list(&self) -> (&'static str, &'static str) {
        ("; every winning move: ", "; ")
    }

    fn play_header(&self, name: &str, start: &str, first: &str, second: &str) -> String {
        format!("{name} from {start} (first: {first}, second: {second})")
    }

    fn turn_state(&self, label: Option<ClassLabel>, word: &str) -> String {
        match label {
            Some(ClassLabel::Nim(state)) => format!("[{state}, {word}]"),
            None => format!("[{word}]"),
        }
    }

    fn winner(&self, winner: Player, turns: u64, play: Play) -> String {
        let loser = winner.other().as_str();
        let why = match (play, turns) {
            (Play::Normal, 0) => format!("{loser} has no move"),
            (Play::Normal, _) => format!("{} made the last move", winner.as_str()),
            (Play::Misere, 0) => "first has no move, which wins".to_string(),
            (Play::Misere, _) => format!("{loser} made the last move"),
        };
        let moves = if turns == 1 { "move" } else { "moves" };
        let who = match winner {
            Player::First => "First",
            Player::Second => "Second",
        };
        format!(
            "{who} player wins after {turns} {moves} ({why}, {})",
            play.label()
        )
    }

    fn grundy_sequence_head(&self, name: &str, whole: Option<&str>, upto: usize) -> String {
        match whole {
            Some(spec) => {
                format!("Grundy values g(n) of the position `{spec} n`, {name}, n = 0..{upto}:")
            }
            None => format!("Grundy values g(n) of one pile, {name}, n = 0..{upto}:"),
        }
    }

    fn closed_form(
        &self,
        formula: &str,
        reason: Option<ClosedFormWhy>,
        period: Option<u64>,
    ) -> String {
        let mut text = match reason {
            Some(why) => format!("Closed form: {formula} ({})", self.closed_form_reason(why)),
            None => format!("Closed form: {formula}"),
        };
        if let Some(p) = period {
            text.push_str(&format!(" (preperiod 0, period {p})"));
        }
        text
    }

    fn no_period(&self) -> &'static str {
        "No period is sought (no theorem here proves one for this game); every value is computed by mex."
    }

    fn no_period_in(&self, values: u64) -> String {
        format!(
            "No period is proven by the {values} values checked, g(0) to g({}); every value is computed by mex.",
            values.saturating_sub(1)
        )
    }

    fn pair_table_head(&self, name: &str) -> String {
        format!("Grundy values g(a, b) of {name} (rows a, columns b; 0 marks the P-positions):")
    }

    fn pair_table_known(&self, dots: bool) -> &'static str {
        if dots {
            "Every value is computed by mex over the options of its position (Sprague–Grundy); a · is no position of the game."
        } else {
            "Every value is computed by mex over the options of its position (Sprague–Grundy)."
        }
    }

    fn trainer_commands(&self, kinds: &MoveKinds) -> String {
        super::trainer_help(MOVES_HEAD, &MOVE_ROWS, COMMANDS, kinds)
    }

    fn end_of_input(&self, at: &str, n: usize) -> String {
        format!(
            "The game stops unfinished at {at} after {} (end of input).",
            moves(n)
        )
    }

    fn interrupted(&self, at: &str, n: usize) -> String {
        format!(
            "The game stops unfinished at {at} after {} (interrupted).",
            moves(n)
        )
    }

    fn line_too_long(&self, max: usize) -> String {
        format!("That line is longer than {max} bytes; type a move as PILE TAKE.")
    }

    fn command_error(&self, e: &CommandError) -> String {
        match e {
            CommandError::Unknown { text, kinds } => format!(
                "{text:?} is neither a move nor a command: type {}, or hint, undo, show, help or quit",
                move_syntax(kinds)
            ),
            CommandError::WhichBoth => "several components take from both piles: type both PILE TAKE, PILE the first pile of the component".to_string(),
            CommandError::NoHeaps { pile, kinds } => format!(
                "illegal move: there is no pile {pile}: nothing here is played on piles; type {}",
                move_syntax(kinds)
            ),
            CommandError::NoSuchPile { pile, piles } => {
                format!("illegal move: there is no pile {pile}: the piles are numbered 1 to {piles}")
            }
            CommandError::NoSuchComponent { component, components } => {
                format!("illegal move: there is no component {component}: the components are numbered 1 to {components}")
            }
            CommandError::NotFirstOfPair {
                pile,
                component,
                takes_from_both,
                pairs,
                take,
                reason,
            } => {
                let typed = |(_, first): &(usize, usize)| format!("both {first} {take}");
                if *takes_from_both {
                    format!(
                        "{}: pile {pile} is the second pile of component {component} (piles {} and {pile}), and both PILE TAKE names the first: type both {} {take}",
                        move_error(reason),
                        pile - 1,
                        pile - 1
                    )
                } else {
                    let choices: Vec<String> = pairs
                        .iter()
                        .map(|(c, first)| format!("component {c} (piles {first} and {})", first + 1))
                        .collect();
                    let typed: Vec<String> = pairs.iter().map(typed).collect();
                    format!(
                        "{}: pile {pile} is in component {component}, whose moves take from one pile; a move from both piles is made in {}: type {}",
                        move_error(reason),
                        choices.join(" or "),
                        typed.join(" or ")
                    )
                }
            }
            CommandError::TakesNothing => {
                "illegal move: a move takes at least one object".to_string()
            }
            CommandError::MoreThanThePile { pile, holds, .. } if holds.is_zero() => {
                format!("illegal move: pile {pile} is empty")
            }
            CommandError::MoreThanThePile { pile, holds, take } => {
                format!("illegal move: pile {pile} holds {holds}, so you cannot take {take} from it")
            }
            CommandError::Illegal(e) => move_error(e),
        }
    }

    fn no_hint(&self, e: &SolveError) -> String {
        format!("no hint: {e}")
    }

    fn stopped(&self, at: &str, n: usize) -> String {
        format!("The game stops at {at} after {}.", moves(n))
    }

    fn game_over(&self, you_win: bool) -> &'static str {
        if you_win {
            "You win."
        } else {
            "The engine wins."
        }
    }

    fn you(&self) -> &'static str {
        "you"
    }

    fn engine(&self) -> &'static str {
        "engine"
    }

    fn to_move(&self, you: bool, player: Player) -> String {
        if you {
            "your move".to_string()
        } else {
            format!("{} player's move", player.as_str())
        }
    }

    fn hint(&self, hint: &Hint, named: bool, typed: &str, worded: Option<&MoveWords>) -> String {
        match hint {
            Hint::Outcome { wins, next } => {
                let (of, next) = match next {
                    HintNext::Pile => (3, "pile"),
                    HintNext::Component => (3, "component"),
                    HintNext::Move => (2, "move"),
                };
                if *wins {
                    format!(
                        "hint 1/{of}: you are winning (an N-position): some move leaves your opponent lost. Ask again for the {next}."
                    )
                } else {
                    format!(
                        "hint 1/{of}: you are losing (a P-position): no move wins against perfect play; hold out and hope for a mistake. Ask again for the {next}."
                    )
                }
            }
            Hint::Component { wins, component } => {
                if *wins {
                    format!(
                        "hint 2/3: play in component {}. Ask again for the move.",
                        component + 1
                    )
                } else {
                    format!(
                        "hint 2/3: no move wins; to hold out, play in component {}. Ask again for the move.",
                        component + 1
                    )
                }
            }
            Hint::Pile { wins, pile, both } => {
                let place = match (both, named) {
                    (false, _) => format!("take from pile {}", pile + 1),
                    (true, false) => "take the same amount from both piles".to_string(),
                    (true, true) => format!(
                        "take the same amount from both piles {} and {}",
                        pile + 1,
                        pile + 2
                    ),
                };
                if *wins {
                    format!("hint 2/3: {place}. Ask again for the move.")
                } else {
                    format!("hint 2/3: no move wins; to hold out, {place}. Ask again for the move.")
                }
            }
            Hint::Move {
                wins,
                delaying,
                of,
                mv,
            } => {
                let how = if *wins {
                    "the winning move:"
                } else if *delaying {
                    "no move wins; the one that holds out longest is"
                } else if matches!(mv, nimsolve::Move::To { .. }) {
                    "no move wins; the position is too large to search for the move that holds out longest, so the fallback (a legal move the game draws by its own rule) is"
                } else {
                    "no move wins; the position is too large to search for the move that holds out longest, so the fallback (the least amount from the largest pile) is"
                };
                let text = worded
                    .map(|w| MoveText(self, w, named).to_string())
                    .unwrap_or_default();
                format!("hint {of}/{of}: {how} {text}: type {typed}")
            }
        }
    }

    fn nothing_to_undo(&self) -> &'static str {
        "Nothing to undo: no move of yours has been played."
    }

    fn undone_turn(&self, turn: u64, who: &str, mv: &str) -> String {
        format!("turn {turn} ({who}: {mv})")
    }

    fn took_back(&self, turns: &[String], now: &str) -> String {
        format!(
            "Took back {}; the position is {now} again.",
            turns.join(" and ")
        )
    }

    fn show(
        &self,
        position: &str,
        name: &str,
        n: usize,
        parts: &[ShowPart<'_>],
        to_move: &str,
    ) -> String {
        let listed: Vec<String> = parts
            .iter()
            .enumerate()
            .filter_map(|(k, part)| {
                let piles: Vec<String> = part
                    .piles
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("pile {}: {p}", part.offset + i + 1))
                    .collect();
                match (&part.name, &part.state) {
                    (Some(game), Some(state)) => {
                        Some(format!("component {} ({game}): {state}", k + 1))
                    }
                    (Some(game), None) => Some(format!(
                        "component {} ({game}) with {}",
                        k + 1,
                        piles.join(", ")
                    )),
                    // A lone whole state is the position itself.
                    (None, Some(_)) => None,
                    (None, None) => Some(piles.join(", ")),
                }
            })
            .collect();
        if listed.is_empty() {
            return format!(
                "Position {position} ({name}) after {}; {to_move}.",
                moves(n)
            );
        }
        format!(
            "Position {position} ({name}) after {} — {}; {to_move}.",
            moves(n),
            listed.join("; ")
        )
    }

    fn largest_pile(
        &self,
        pile: usize,
        size: &Nat,
        others: &[Nat],
        x: &Nat,
        shown: Option<&str>,
    ) -> String {
        let head = format!(
            "The other method (make the largest pile c into the nim-sum of the others): the largest pile is pile {pile}, c = {size};"
        );
        let xor = xor_of(others, x);
        match shown {
            Some(shown) => format!("{head} {xor} < {size}, so make it {x}: {shown}."),
            None if x == size => {
                format!("{head} {xor} = c already, so the nim-sum is 0 and no move keeps it so.")
            }
            None => format!(
                "{head} but {xor} > {size}, and a pile cannot grow, so another pile must move (the binary method finds which)."
            ),
        }
    }

    fn bash_division(&self, d: &Division, shown: Option<&str>) -> String {
        let (n, k, m, r, s) = (&d.heap, &d.max_take, &d.modulus, &d.quotient, &d.remainder);
        let rule = format!(
            "The Bash game's rule: with 1 to K = {k} a take, write n = (K + 1)·r + s: {n} = {m}·{r} + {s}."
        );
        match shown {
            Some(shown) => format!(
                "{rule} Take s = {s}, leaving a multiple of {m}; after each take t of the other player, take {m} − t, and the last object is yours: {shown}."
            ),
            None => format!(
                "{rule} s = 0: the pile is a multiple of {m}, so whatever the player to move takes, t, the other takes {m} − t and keeps it so, and takes the last object."
            ),
        }
    }

    fn residue(&self, d: &Division) -> String {
        let (n, m, r, s) = (&d.heap, &d.modulus, &d.quotient, &d.remainder);
        format!(
            "Pile {} holds {n} = {m}·{r} + {s}, so g({n}) = {n} mod {m} = {s}.",
            d.pile + 1
        )
    }

    fn mex_listed(&self, pile: Option<usize>, formula: &str) -> String {
        match pile {
            Some(pile) => format!("Pile {pile}: {formula}."),
            None => format!("  and {formula}."),
        }
    }

    fn mex_values(
        &self,
        pile: Option<usize>,
        heap: &Nat,
        count: u64,
        values: &str,
        value: &Nat,
    ) -> String {
        let head = match pile {
            Some(pile) => format!("Pile {pile} holds {heap}: its"),
            None => format!("  and the heap {heap}: its"),
        };
        format!(
            "{head} {count} options have the Grundy values {values}, so g({heap}) = mex {values} = {value}."
        )
    }

    fn period_step(&self, step: &PeriodStep) -> String {
        let (n, m, v) = (&step.heap, &step.reduced, &step.value);
        let (pre, period) = (step.periodicity.preperiod, step.periodicity.period);
        format!(
            "Pile {} holds {n}, past the preperiod: g({n}) = g({pre} + ({n} − {pre}) mod {period}) = g({m}) = {v}, by the period.",
            step.pile + 1
        )
    }

    fn heap_value(&self, pile: usize, heap: &Nat, value: &Nat) -> String {
        format!("Pile {pile}: g({heap}) = {value} (too many options to list).")
    }

    fn wythoff_value(&self, pile: usize, step: &WythoffValue, values: &str) -> String {
        let (a, b) = (&step.piles.0, &step.piles.1);
        let (value, next) = (&step.value, pile + 1);
        match &step.why {
            WythoffWhy::Pair { k } => format!(
                "Piles {pile} and {next}: ({a}, {b}) is the Wythoff pair k = {k}, a P-position, so g({a}, {b}) = 0 (Wythoff 1907)."
            ),
            WythoffWhy::Mex { options, .. } => format!(
                "Piles {pile} and {next}: g({a}, {b}) = mex{values} = {value}, over its {options} moves (from one pile, or the same amount from both)."
            ),
        }
    }

    fn kiki_value(&self, pile: usize, step: &KikiValue) -> String {
        let (a, b) = (&step.piles.0, &step.piles.1);
        let (value, next) = (&step.value, pile + 1);
        let parity = |n: &Nat| if n.bit(0) { "odd" } else { "even" };
        format!(
            "Piles {pile} and {next}: g({a}, {b}) = {value} by the parities ({a} is {}, {b} is {}): 0 when both are even, 2 when both are odd, 1 when the odd pile is the larger, 3 when it is the smaller.",
            parity(a),
            parity(b)
        )
    }

    fn slide_value(&self, step: &SlideValue) -> String {
        let pairs: Vec<String> = step
            .pairs
            .iter()
            .map(|(l, r, g)| match l {
                Some(l) => format!("({l}, {r}) with {g} free between"),
                None => format!("(the wall, {r}) with {g} free between"),
            })
            .collect();
        let gaps: Vec<String> = step.pairs.iter().map(|(_, _, g)| g.to_string()).collect();
        format!(
            "Pairing the pieces from the right: {}; the nim-sum of the gaps {} = {} is the Grundy value.",
            pairs.join(", "),
            gaps.join(" ⊕ "),
            step.value
        )
    }

    fn coin_values(&self, step: &CoinValues) -> String {
        let heads: Vec<String> = step
            .heads
            .iter()
            .map(|(h, _)| super::head_text(h))
            .collect();
        let values: Vec<String> = step.heads.iter().map(|(_, v)| v.to_string()).collect();
        let (rule, whole) = match step.rule {
            Some(CoinRule::TurningTurtles) => ("a head at coin n is worth n", "row"),
            Some(CoinRule::Twins) => ("a head at coin n is worth n − 1", "row"),
            Some(CoinRule::MockTurtles) => {
                ("a head at coin n is worth the n-th odious number", "row")
            }
            Some(CoinRule::Ruler) => (
                "a head at coin n is worth the largest power of 2 dividing n",
                "row",
            ),
            None => ("a head at x:y is worth the nim-product x ⊗ y", "board"),
        };
        if heads.is_empty() {
            return format!("No coin shows heads: the {whole} is worth 0.");
        }
        format!(
            "The heads {} are worth {} ({rule}): their nim-sum {} = {} is the {whole}'s Grundy value.",
            heads.join(", "),
            values.join(", "),
            values.join(" ⊕ "),
            step.value
        )
    }

    fn hackenbush_step(&self, line: &HackenbushLine) -> String {
        match &line.step {
            NamedStep::Fell { edges } if edges.len() == 1 => format!(
                "The edge {} is not joined to the ground: it falls before the game starts.",
                super::edge_list(edges, ", ")
            ),
            NamedStep::Fell { edges } => format!(
                "The edges {} are not joined to the ground: they fall before the game starts.",
                super::edge_list(edges, ", ")
            ),
            NamedStep::Fused { vertices, edges } => {
                let vs: Vec<String> = vertices.iter().take(12).map(u64::to_string).collect();
                format!(
                    "Fusion principle: the vertices {}{} of a cycle fuse into vertex {}; the edges {} become loops there.",
                    vs.join(", "),
                    if vertices.len() > 12 { ", …" } else { "" },
                    vertices.first().copied().unwrap_or(0),
                    super::edge_list(edges, ", ")
                )
            }
            NamedStep::Branch {
                vertex,
                loops,
                branches,
                value,
            } => {
                let mut terms: Vec<String> = Vec::new();
                if *loops > 0 {
                    terms.push(format!(
                        "{loops} loop{} (worth {})",
                        if *loops == 1 { "" } else { "s" },
                        loops % 2
                    ));
                }
                for ((a, b), v) in branches.iter().take(12) {
                    terms.push(format!("the branch over {a}-{b} (worth {v})"));
                }
                if branches.len() > 12 {
                    terms.push(format!("{} more branches", branches.len() - 12));
                }
                let place = if *vertex == 0 {
                    "the ground".to_string()
                } else {
                    format!("vertex {vertex}")
                };
                if terms.is_empty() {
                    format!("Colon principle: nothing stands on {place}: it is worth 0.")
                } else {
                    format!(
                        "Colon principle at {place}: {} nim-add to {value}{}.",
                        terms.join(", "),
                        if *vertex == 0 {
                            ", the graph's Grundy value"
                        } else {
                            ""
                        }
                    )
                }
            }
        }
    }

    fn graph_tokens(&self, step: &GraphTokens) -> String {
        let tokens: Vec<String> = step
            .tokens
            .iter()
            .map(|t| {
                let r = t
                    .remoteness
                    .map_or_else(String::new, |r| format!(", remoteness {r}"));
                format!(
                    "{}: γ = {} ({}{r})",
                    t.vertex,
                    self.gamma(&t.gamma),
                    self.loopy_outcome(t.outcome)
                )
            })
            .collect();
        format!(
            "The tokens stand on {}; the sum of the tokens has γ = {} (Smith's rule: finite values add by nim-sum; one ∞(K) with the others' nim-sum b is ∞(K ⊕ b); two ∞ are ∞(∅)).",
            tokens.join("; "),
            self.gamma(&step.value)
        )
    }

    fn gamma(&self, g: &Gamma) -> String {
        match g {
            Gamma::Finite(v) => v.to_string(),
            Gamma::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                format!("∞({{{}}})", k.join(", "))
            }
        }
    }

    fn loopy_outcome(&self, o: GraphOutcome) -> &'static str {
        match o {
            GraphOutcome::Win => "N-position: the player to move wins",
            GraphOutcome::Loss => "P-position: the player to move loses",
            GraphOutcome::Draw => "draw: best play goes on for ever",
        }
    }

    fn loopy_head(&self, o: GraphOutcome, class: &str, name: &str) -> String {
        match o {
            GraphOutcome::Win => self.verdict_head(class, name, Outcome::N, false),
            GraphOutcome::Loss => self.verdict_head(class, name, Outcome::P, false),
            GraphOutcome::Draw => format!(
                "{class} in {name}: neither player can force a win; best play goes on for ever"
            ),
        }
    }

    fn loopy_class(&self, o: GraphOutcome) -> &'static str {
        match o {
            GraphOutcome::Win => "N-position",
            GraphOutcome::Loss => "P-position",
            GraphOutcome::Draw => "draw",
        }
    }

    fn loopy_advice(&self, o: GraphOutcome, class: &str, name: &str) -> String {
        match o {
            GraphOutcome::Win => self.advice_verdict(true, class, name),
            GraphOutcome::Loss => self.advice_verdict(false, class, name),
            GraphOutcome::Draw => format!(": no move wins; it keeps the draw ({class}, {name})"),
        }
    }

    fn loopy_rule(&self, rule: &LoopyRule, values: &[String]) -> String {
        let values = values.join(" + ");
        match rule {
            LoopyRule::AllFinite { nim_sum } => format!(
                "every γ is finite ({values}): the position is worth their nim-sum {nim_sum} (generalised Sprague–Grundy, Smith 1966)"
            ),
            LoopyRule::OneInfinite {
                component,
                others,
                reaches,
            } => {
                let c = component + 1;
                if *reaches {
                    format!(
                        "one γ is infinite ({values}): component {c} is ∞(K) and the others' nim-sum b = {others} is in K: move it to a position of value {others} (Smith 1966)"
                    )
                } else {
                    format!(
                        "one γ is infinite ({values}): component {c} is ∞(K) and the others' nim-sum b = {others} is not in K, so no move reaches a P-position and the ∞ component keeps the play going: a draw (Smith 1966)"
                    )
                }
            }
            LoopyRule::SeveralInfinite { components } => {
                let c: Vec<String> = components.iter().map(|c| (c + 1).to_string()).collect();
                format!(
                    "two or more γ are infinite ({values}; components {}): the sum is ∞(∅), a draw (Smith 1966)",
                    c.join(", ")
                )
            }
        }
    }

    fn graph_table_head(&self, spec: &str, vertices: usize, edges: usize, acyclic: bool) -> String {
        let kind = if acyclic {
            "no cycle: every value is a Grundy value"
        } else {
            "cycles: γ is the generalised Sprague–Grundy value, ∞(K) listing the finite values of the options"
        };
        format!("{spec}: {vertices} vertices, {edges} edges; {kind}")
    }

    fn euclid_value(&self, step: &EuclidValue) -> String {
        let [a, b] = &step.pair;
        let qs: Vec<String> = step.quotients.iter().map(Nat::to_string).collect();
        let quotients = if qs.len() == 1 {
            format!("the one quotient {}", qs[0])
        } else {
            format!("the quotients {}", qs.join(", "))
        };
        format!(
            "The Euclidean algorithm on ({a}, {b}) has {quotients}; folding from the last one up, a quotient q over a value v gives q − 1 if 0 < v and q ≤ v, else q: the Grundy value is {}.",
            step.value
        )
    }

    fn dynamic_value(&self, step: &DynamicValue) -> String {
        let (n, most, k) = (&step.stones, &step.most, step.k);
        match &step.terms {
            Some(terms) if !terms.is_empty() => {
                let sum: Vec<String> = terms.iter().map(Nat::to_string).collect();
                let least = &terms[terms.len() - 1];
                let verdict = if most >= least {
                    "within the allowance: the player to move wins"
                } else {
                    "above the allowance: the player to move loses"
                };
                let form = if terms.len() == 1 {
                    format!("{n} is a single term")
                } else {
                    format!(
                        "{n} = {} (each term more than {k} times the next)",
                        sum.join(" + ")
                    )
                };
                format!(
                    "{form}; the least term {least} is {verdict} (a take may be at most {most})."
                )
            }
            Some(_) => "No stones: the player to move loses.".to_string(),
            None => format!("{n} has more losing sizes below it than are built here."),
        }
    }

    fn moore_value(&self, step: &MooreValue) -> String {
        let m = step.k.saturating_add(1);
        let counts: Vec<String> = step.columns.iter().map(usize::to_string).collect();
        let rests: Vec<String> = step
            .columns
            .iter()
            .map(|&c| (c as u64 % m).to_string())
            .collect();
        let verdict = if step.columns.iter().all(|&c| (c as u64).is_multiple_of(m)) {
            "all 0: a P-position"
        } else {
            "not all 0: an N-position"
        };
        format!(
            "The 1s in each binary column, highest first: {}; mod {m}: {} — {verdict} (Moore's theorem).",
            counts.join(", "),
            rests.join(", ")
        )
    }

    fn moore_count(&self, count: &MooreCount) -> String {
        match count {
            MooreCount::Exactly(n) => {
                format!("There are {n} winning moves; the first is listed.")
            }
            MooreCount::AtLeast(n) => format!(
                "There are at least {n} winning moves (the count stopped at its work bound); the first is listed."
            ),
        }
    }

    fn staircase_value(&self, step: &StaircaseValue) -> String {
        let terms: Vec<String> = step.odd_steps.iter().map(|(_, c)| c.to_string()).collect();
        let steps: Vec<String> = step.odd_steps.iter().map(|(s, _)| s.to_string()).collect();
        if steps.is_empty() {
            return "No steps: the staircase's Grundy value is 0.".to_string();
        }
        if let ([only], [coins]) = (steps.as_slice(), terms.as_slice()) {
            return format!(
                "The only odd step, {only}, holds {coins}: the staircase's Grundy value is {} (coins on even steps only delay).",
                step.value
            );
        }
        format!(
            "The odd steps {} hold {}: their nim-sum {} = {} is the staircase's Grundy value (coins on even steps only delay).",
            steps.join(", "),
            terms.join(", "),
            terms.join(" ⊕ "),
            step.value
        )
    }

    fn wythoff_reach(&self, shown: &str, k: &Nat, a: &Nat, b: &Nat) -> String {
        format!(
            "Playing {shown} leaves ({a}, {b}) = (a_{k}, b_{k}), the Wythoff pair k = {k}: a P-position."
        )
    }

    fn component_steps_head(&self, component: usize, name: &str) -> String {
        format!("Component {component}, {name}:")
    }

    fn remoteness_missing(&self, need: &SearchNeed) -> String {
        let limit = need.limit;
        if limit == 0 {
            return "No remoteness: it was not asked for.".into();
        }
        match need.needed {
            Some(n) => format!(
                "No remoteness: the exhaustive search it needs may take up to {n} steps, more than the search limit of {limit} (raise it with --search-limit)."
            ),
            None => "No remoteness: the exhaustive search it needs may take more than 2^64 steps, so it cannot be computed.".into(),
        }
    }

    fn svg_pair_title(&self, name: &str, n: u64) -> String {
        format!("P-positions of {name}, 0 ≤ a, b ≤ {n} (a filled cell is a P-position)")
    }

    fn svg_sequence_title(&self, name: &str, whole: Option<&str>, upto: u64) -> String {
        match whole {
            Some(spec) => {
                format!("Grundy values g(n) of the position `{spec} n`, {name}, n = 0..{upto}")
            }
            None => format!("Grundy values g(n) of one pile, {name}, n = 0..{upto}"),
        }
    }

    fn step_class_word(&self, outcome: Outcome) -> &'static str {
        self.class_word(outcome)
    }

    fn review_header(&self, name: &str, start: &str) -> String {
        format!("Review of {name} from {start}")
    }

    fn review_verdict(&self, verdict: &MoveVerdict, winning: &str) -> String {
        match verdict {
            MoveVerdict::Wins => "wins".to_string(),
            MoveVerdict::Blunder { .. } => format!("blunder: {winning} wins"),
            MoveVerdict::Lost => "lost".to_string(),
        }
    }

    fn put_pair_change(&self, out: &mut Vec<u8>, before: [&Nat; 2], after: [&Nat; 2]) {
        pair_change(out, " (", before, after, ")");
    }

    fn review_one_position(&self, at: &str, over: bool) -> String {
        let left = if over { ", where no move is left" } else { "" };
        format!(
            "Only one position, {at}{left}: no move to review (a game is written as its positions, one a line, the start first)."
        )
    }

    fn review_illegal_steps(&self, n: u64) -> String {
        if n == 1 {
            "1 step was no legal move and is not counted among the moves.".to_string()
        } else {
            format!("{n} steps were no legal move and are not counted among the moves.")
        }
    }

    fn review_after_end(&self, end_line: u64, at: &str) -> String {
        format!("after the end of the game: no move is left at {at} (line {end_line})")
    }

    fn review_after_end_row(&self, line: u64, why: &str) -> String {
        format!("line {line}: {why}")
    }

    fn review_lines_after_end(&self, n: u64) -> String {
        if n == 1 {
            "1 line came after the end of the game and was not reviewed.".to_string()
        } else {
            format!("{n} lines came after the end of the game and were not reviewed.")
        }
    }

    fn review_no_winner(&self, at: &str, n: usize, at_start: bool) -> String {
        if at_start {
            format!(
                "The game starts at {at}, where no move is left: no move is made, so no winner is named."
            )
        } else if n == 0 {
            format!("No winner is named: no legal move was made, and no move is left at {at}.")
        } else {
            format!(
                "No winner is named: no move is left at {at}, but the step that reached it was no legal move (after {}).",
                moves(n)
            )
        }
    }

    fn review_empty_between_arrows(&self, column: usize) -> String {
        format!(
            "no position between the arrows before column {column}: arrows (→ or ->) stand between two positions"
        )
    }

    fn no_single_move(&self, before: &str, after: &str, why: &dyn fmt::Display) -> String {
        format!("no single legal move leads from {before} to {after}: {why}")
    }

    fn coach(&self, verdict: &MoveVerdict, after: &str, winning: &str, typed: &str) -> String {
        match verdict {
            MoveVerdict::Wins => format!(
                "coach: a winning move. {after} is a P-position: the player to move there loses against perfect play."
            ),
            MoveVerdict::Blunder { .. } => format!(
                "coach: a blunder. {after} is an N-position, so the win is thrown away; {winning} would have kept it (type {typed})."
            ),
            MoveVerdict::Lost => "coach: the position was already lost (a P-position): no move wins against perfect play, so hold out and hope for a mistake.".to_string(),
        }
    }

    fn coach_cannot_judge(&self, e: &SolveError) -> String {
        format!("coach: cannot judge the move: {e}")
    }

    fn drawn_seed(&self, seed: u64) -> String {
        format!("Seed {seed} (drawn for this game; --seed {seed} plays it again)")
    }

    fn illegal_move(&self, reason: &IllegalMove) -> String {
        match reason {
            IllegalMove::NotAnAmount {
                game: _,
                name,
                amounts,
                take,
            } => format!(
                "a move of {} takes {}, not {take}",
                family_name(name),
                amounts_or(amounts.as_deref())
            ),
            IllegalMove::MayNotLeave {
                game: _,
                name,
                take,
                heaps,
            } => {
                let what = match heaps {
                    0 => "remove a whole heap".to_string(),
                    1 => "leave one heap".to_string(),
                    n => format!("break a heap into {n}"),
                };
                format!(
                    "in {}, a move that takes {take} may not {what}",
                    family_name(name)
                )
            }
            IllegalMove::UnequalHeaps { game: _, name } => {
                format!("{} breaks a heap into unequal heaps", family_name(name))
            }
            IllegalMove::NotByRule { game } => {
                format!("no alternative of {} allows this move", spec_name(game))
            }
            IllegalMove::NotAnOption { from, to, rule } => {
                format!("{from} → {to} is not a move: {}", move_rule(rule))
            }
            IllegalMove::NotAMoveOf {
                before,
                after,
                rule,
            } => format!("{before} → {after} is not a move: {}", move_rule(rule)),
            IllegalMove::OnePileOnly { rule } => {
                format!("a move changes one pile: {}", move_rule(rule))
            }
            _ => reason.to_string(),
        }
    }

    fn step_error(&self, e: &StepError) -> String {
        match e {
            StepError::Illegal { words, reason, .. } => format!(
                "{} would lead there, but {}",
                MoveText(self, words, false),
                move_error(reason)
            ),
            StepError::Rules {
                component,
                before,
                after,
            } => format!(
                "component {component} is {} where it was {}: a move keeps the rules",
                spec_name(after),
                spec_name(before)
            ),
            _ => e.to_string(),
        }
    }

    fn review_terminal_hint(&self) -> &'static str {
        "nimsolve review: type the game's positions one a line, its start first (7 8 9, then 1 8 9, …); end with Ctrl-D"
    }

    // The library's errors are worded in English by their own `Display`.

    fn no_quotient_why(&self, why: &NoQuotientWhy) -> String {
        why.to_string()
    }

    fn learn_error(&self, e: &LearnError) -> String {
        e.to_string()
    }

    fn solve_error(&self, e: &SolveError) -> String {
        e.to_string()
    }

    fn limit_fix(&self, flag: &str, raise: bool) -> String {
        if raise {
            format!(" (raise it with {flag})")
        } else {
            format!(" (lower {flag})")
        }
    }

    fn position_error(&self, e: &PositionError) -> String {
        e.to_string()
    }

    fn rule_error(&self, e: &RuleError) -> String {
        e.to_string()
    }

    fn number_error(&self, e: &NumberError) -> String {
        e.to_string()
    }

    fn move_error(&self, e: &MoveError) -> String {
        match e {
            MoveError::Illegal(reason) => format!("illegal move: {}", self.illegal_move(reason)),
            MoveError::NoSuchPile { .. } => e.to_string(),
        }
    }

    fn play_error(&self, e: &PlayError) -> String {
        match e {
            PlayError::Illegal(e) => self.move_error(e),
            _ => e.to_string(),
        }
    }

    fn nimber_value(&self, canonical: &str, value: &Nat) -> String {
        format!("{canonical} = {value}")
    }

    fn nimber_op(&self, op: &NimberOp) -> Vec<String> {
        match op {
            NimberOp::Sum { a, b, value } => {
                vec![format!(
                    "nim-sum {a} ⊕ {b} = {value} (the bitwise exclusive or)"
                )]
            }
            NimberOp::Product { a, b, value, steps } => {
                let mut lines = vec![format!("nim-product {a} ⊗ {b} = {value}")];
                if steps.steps.is_empty() {
                    lines[0].push_str(" (a factor 0 or 1: the ordinary product)");
                }
                for s in &steps.steps {
                    let (a1, a0) = &s.a_parts;
                    let (b1, b0) = &s.b_parts;
                    let [p11, p10, p01, p00] = &s.products;
                    let (x, y, f, m) = (&s.a, &s.b, &s.fermat, s.half_bits);
                    lines.push(format!(
                        "  {x} ⊗ {y}: F = 2^{m} = {f}, a Fermat 2-power, {x}, {y} < F² = 2^{}; {x} = {a1}·{f} + {a0}, {y} = {b1}·{f} + {b0}",
                        2 * m
                    ));
                    lines.push(format!(
                        "    high half {a1}⊗{b1} ⊕ {a1}⊗{b0} ⊕ {a0}⊗{b1} = {p11} ⊕ {p10} ⊕ {p01} = {}",
                        s.high
                    ));
                    lines.push(format!(
                        "    low half {a0}⊗{b0} ⊕ ({a1}⊗{b1})⊗{h} = {p00} ⊕ {p11}⊗{h} = {p00} ⊕ {c} = {l}",
                        h = s.half,
                        c = s.carry,
                        l = s.low
                    ));
                    lines.push(format!(
                        "    {x} ⊗ {y} = {}·{f} ⊕ {} = {}",
                        s.high, s.low, s.value
                    ));
                }
                if steps.truncated {
                    lines.push(format!(
                        "  (the steps of smaller products after these {} are left out)",
                        steps.steps.len()
                    ));
                }
                lines
            }
            NimberOp::Quotient {
                a,
                b,
                inverse,
                value,
            } => vec![format!(
                "nim-quotient {a} ⊘ {b} = {a} ⊗ {b}⁻¹ = {a} ⊗ {inverse} = {value} ({b} ⊗ {inverse} = 1: the inverse by Lenstra's norm)"
            )],
            NimberOp::Power { a, e, value } => vec![format!(
                "nim-power {a}^{e} = {value} (the nim-product of {e} factors {a}, by repeated squaring)"
            )],
        }
    }

    fn expr_error(&self, e: &ExprError) -> String {
        let c = e.column;
        let t = match &e.token {
            Some(t) => format!("{:?}", super::cut_token(t)),
            None => "the end of the expression".to_string(),
        };
        match &e.why {
            ExprWhy::Empty => {
                format!(
                    "column {c}: the expression is empty: give numbers joined by + * / ^, as in 8*8"
                )
            }
            ExprWhy::NotAToken => format!(
                "column {c}: {t} is not part of an expression: use decimal numbers, + (nim-sum), * (nim-product), / (nim-quotient), ^ (a power) and parentheses"
            ),
            ExprWhy::Minus => format!(
                "column {c}: {t} is no nimber operation: nimbers have no negatives, and a − b = a ⊕ b, so write +"
            ),
            ExprWhy::ExpectedOperand => {
                format!("column {c}: {t} where a number or \"(\" was expected")
            }
            ExprWhy::ExpectedOperator => format!(
                "column {c}: {t} where an operator (+ * / ^) or the end of the expression was expected"
            ),
            ExprWhy::Unclosed => format!("column {c}: {t} is never closed"),
            ExprWhy::Unopened => format!("column {c}: {t} closes no \"(\""),
            ExprWhy::ExponentNotANumber => format!(
                "column {c}: {t} after \"^\": the exponent must be a whole number written out (an ordinary integer, not a nimber expression)"
            ),
            ExprWhy::ChainedPower => {
                format!("column {c}: {t} raises a power again: write (a^b)^c")
            }
            ExprWhy::TooDeep { most } => {
                format!("column {c}: {t} opens more than {most} parentheses at once")
            }
            ExprWhy::Nimber(why) => format!("column {c}: {t}: {}", self.nimber_error(why)),
        }
    }

    fn nimber_error(&self, e: &NimberError) -> String {
        e.to_string()
    }

    fn cli_error(&self, e: &CliError) -> String {
        match e {
            CliError::MaxTakeNotANumber { text } => {
                format!("--max-take {text:?} is not a whole number K ≥ 1 (ASCII digits only)")
            }
            CliError::MaxTakeZero => {
                "--max-take must be at least 1 (a move takes 1..K objects)".to_string()
            }
            CliError::EmptyArgument { argument } => {
                format!("argument {argument} is empty: write the empty position as 0")
            }
            CliError::FileArgument { argument, path } => format!(
                "argument {argument}, {path:?}, is a file, not a position: positions are read from standard input, one per line (give it as `< {path}`)"
            ),
            CliError::TerminalNoPiles => "no piles given and standard input is a terminal\n\
                 usage: nimsolve analyze 3 5 7, or pipe positions in, one per line: nimsolve analyze < positions.txt\n\
                 (see nimsolve --help)"
                .to_string(),
            CliError::WorkerStopped => "internal error: a worker thread stopped".to_string(),
            CliError::ExplainTooLarge {
                cells,
                rows,
                width,
                limit,
            } => format!(
                "--explain would print a table of {cells} binary digits ({rows} rows of {width}), more than the limit {limit} (raise it with --table-limit, or leave out --explain)"
            ),
            CliError::HumanNeedsTrainer => "a human player needs the trainer".to_string(),
            CliError::PlayTooLong {
                max_turns,
                printed,
                per_move,
                limit,
                most,
            } => format!(
                "a game of up to {max_turns} moves from piles this large may print about {printed} digits ({per_move} a move), more than the limit {limit}; lower --max-turns to {most} or less"
            ),
            CliError::NoCoachWithoutHuman => {
                "--no-coach is for a game with a human player (--first human or --second human)"
                    .to_string()
            }
            CliError::JsonWithHuman => {
                "--json cannot be used with a human player (the game is played line by line)"
                    .to_string()
            }
            CliError::NotEnded { turns, seed } => {
                let seed = seed.map_or(String::new(), |s| format!("; the seed was {s}"));
                format!(
                    "the game has not ended after {turns} moves (raise the limit with --max-turns){seed}"
                )
            }
            CliError::EndedWithMoveLeft => "the game ended with a move left".to_string(),
            CliError::CountRange { count, most } => {
                format!("--count {count}: give 1 to {most} positions")
            }
            CliError::MaxTooLong { digits, most } => {
                format!("--max has {digits} digits, more than {most}")
            }
            CliError::MaxNotAPile { text, why } => {
                format!("--max {text:?} is not a pile size: {why}")
            }
            CliError::MaxZero => {
                "--max must be at least 1 (each pile holds 1 to N objects)".to_string()
            }
            CliError::FixedPiles { rules, piles } => format!(
                "{} is played on {piles} piles: give --piles {piles}, or leave --piles out",
                self.rules_name(rules, *piles)
            ),
            CliError::NoPositionFound {
                wanted,
                from,
                to,
                max,
            } => format!(
                "found no {} position of {from} to {to} piles of 1 to {max} objects under these rules; try other --piles or --max",
                wanted_word(*wanted)
            ),
            CliError::NoQuotient { rules, heaps, why } => {
                self.quotient_refused(&self.rules_name(rules, 2), *heaps, why)
            }
            CliError::Loopy { asked } => format!(
                "the position stands on a graph with cycles, where play may go on for ever: analyze and move decide it (win, loss or draw), {asked} does not"
            ),
            CliError::GrundyMisere => {
                "Grundy values belong to normal play; --misere cannot be used with grundy"
                    .to_string()
            }
            CliError::GraphUpto => "a graph's table lists its vertices, not g(0) to g(N): leave out --upto, and name the vertices to show after it, if not all".to_string(),
            CliError::SvgNeedsUpto => {
                "--svg draws the values up to --upto N: give --upto".to_string()
            }
            CliError::GrundyPairs { rules } => format!(
                "the Grundy values of {} belong to pairs of piles: give the piles two by two (grundy PILE PILE …), or --upto N for their table",
                self.rules_name(rules, 2)
            ),
            CliError::PairTableTooLarge {
                side,
                entries,
                limit,
            } => format!(
                "a {side}×{side} table has {entries} entries, more than the limit {limit} (raise it with --table-limit)"
            ),
            CliError::SvgGrid { side } => format!(
                "--svg draws a grid of at most {side}×{side} cells; lower --upto to {} or less",
                side - 1
            ),
            CliError::SvgBars { bars } => format!(
                "--svg draws at most {bars} values; lower --upto to {} or less",
                bars - 1
            ),
            CliError::UptoTooLarge { upto, limit } => format!(
                "--upto {upto} asks for {} values, more than the limit {limit} (raise it with --table-limit)",
                u128::from(*upto) + 1
            ),
            CliError::UptoMemory { values } => {
                format!("not enough memory for {values} values (lower --upto)")
            }
            CliError::GrundyGameArgument { game, pile } => format!(
                "argument 1: {game:?} is a game, and grundy takes single piles: give the game with --game, as in `nimsolve grundy --game {game} {pile}`"
            ),
            CliError::GrundySum => "grundy takes single piles of one game, not a sum".to_string(),
            CliError::EmptyBetweenArrows { column } => self.review_empty_between_arrows(*column),
            CliError::IsADirectory { path } => {
                format!("{} is a directory, not a file of positions", path.display())
            }
            CliError::NothingToReview => "no position to review: the input is empty or holds only blank lines and # comments (write the game's positions one a line, its start first)".to_string(),
            CliError::ReviewTakesNoPiles { given } => self.review_takes_no_piles(given),
        }
    }

    fn error_context(&self, c: &ErrorContext) -> String {
        match c {
            ErrorContext::Argument(n) => format!("argument {n}"),
            ErrorContext::Line(n) => format!("line {n}"),
            ErrorContext::GameFlag(spec) => format!("--game {spec:?}"),
            ErrorContext::ReadingStdin => "reading standard input".to_string(),
            ErrorContext::Opening(path) => format!("opening {}", path.display()),
            ErrorContext::Reading(path) => format!("reading {}", path.display()),
            ErrorContext::Choosing(wanted) => {
                format!("choosing a {} position", wanted_word(*wanted))
            }
            ErrorContext::JudgingMove(n) => format!("judging move {n}"),
            ErrorContext::Sequence(n) => {
                format!("grundy lists g(0) to g({n}) (one number each; give positions instead)")
            }
        }
    }

    fn error_separator(&self) -> &'static str {
        ": "
    }

    fn write_failed(&self, e: &std::io::Error) -> String {
        format!("writing standard output: {e}")
    }

    /// clap's own words.
    fn usage_error(&self, _: &clap::Error, _: Option<&str>) -> Option<String> {
        None
    }

    fn position_tip(&self, command: &str) -> String {
        format!("a position is analysed with `nimsolve {command}`")
    }

    fn io_error(&self, e: &std::io::Error) -> String {
        e.to_string()
    }

    fn review_takes_no_piles(&self, given: &str) -> String {
        format!(
            "review reads a game as its positions, one a line, from a file or standard input, not as piles given on the command line ({given}); for example: printf '7 8 9\\n1 8 9\\n' | nimsolve review"
        )
    }
}

/// The kind of position `random` draws, as a word before `position`.
fn wanted_word(wanted: Wanted) -> &'static str {
    match wanted {
        Wanted::Losing => "losing",
        Wanted::Winning => "winning",
        Wanted::Random => "random",
    }
}

/// A family's name from its name ([`Rules::name`]), every name worded.
fn family_name(name: &Name) -> String {
    let arg = name.arg.as_deref().unwrap_or("");
    match name.key {
        FamilyName::Nim => "Nim".to_string(),
        // One name on any number of piles: several piles are a sum of Bash games.
        FamilyName::MaxTake => format!("Bash game (take 1 to {arg})"),
        FamilyName::Subtract => format!("subtraction game with subtraction set {arg}"),
        FamilyName::SubtractPowersOfTwo => {
            "subtraction game with subtraction set {1, 2, 4, 8, …} (powers of two)".to_string()
        }
        FamilyName::SubtractFibonacci => {
            "subtraction game with subtraction set {1, 2, 3, 5, 8, …} (Fibonacci numbers)"
                .to_string()
        }
        FamilyName::Wythoff => "Wythoff's game".to_string(),
        FamilyName::Octal => format!("octal game {arg}"),
        FamilyName::Kayles => "Kayles".to_string(),
        FamilyName::DawsonsKayles => "Dawson's Kayles".to_string(),
        FamilyName::DawsonsChess => "Dawson's chess".to_string(),
        FamilyName::Officers => "Officers".to_string(),
        FamilyName::GrundysGame => "Grundy's game".to_string(),
        FamilyName::LaskersNim => "Lasker's Nim".to_string(),
        FamilyName::Rule => format!("the heap rule {{{arg}}}"),
        FamilyName::Kiki => "kiki's game".to_string(),
        FamilyName::Staircase => "staircase Nim".to_string(),
        FamilyName::Slide => "sliding pieces".to_string(),
        FamilyName::TurningTurtles => "Turning Turtles".to_string(),
        FamilyName::Twins => "Twins".to_string(),
        FamilyName::MockTurtles => "Mock Turtles".to_string(),
        FamilyName::Ruler => "the ruler game".to_string(),
        FamilyName::TurningCorners => "Turning Corners".to_string(),
        FamilyName::Euclid => "Euclid's game".to_string(),
        FamilyName::Hackenbush => "Green Hackenbush".to_string(),
        FamilyName::Dynamic => format!("{arg}-times dynamic subtraction"),
        FamilyName::FibonacciNim => "Fibonacci Nim".to_string(),
        FamilyName::Moore => format!("Moore's Nim_{arg}"),
        FamilyName::Graph => format!("tokens on the directed graph of {arg}"),
        FamilyName::Multiply => "the multiplication game".to_string(),
        FamilyName::Calendar => "the calendar game".to_string(),
        FamilyName::Digits => "digital deletions".to_string(),
    }
}

/// The move rule of a game whose moves are checked against its options, by the family's
/// name; the families that give no such rule are worded by the rule every game shares.
fn move_rule(rule: &MoveRule) -> &'static str {
    match rule.key {
        FamilyName::Multiply => "a heap m goes to ⌈m/k⌉ for k from 2 to 9",
        FamilyName::Calendar => "a date moves to the next day or to the same day of the next month",
        FamilyName::Digits => "a move lowers one digit, or erases a 0 and every digit after it",
        FamilyName::Staircase => {
            "a move takes coins from one step to the step below (from step 1, off the stairs)"
        }
        FamilyName::Slide => {
            "a move shifts one piece left, never onto or past another piece, nor off cell 1"
        }
        FamilyName::TurningTurtles => {
            "a move turns a head to tails and at most one coin left of it"
        }
        FamilyName::Twins => "a move turns a head to tails and exactly one coin left of it",
        FamilyName::MockTurtles => "a move turns a head to tails and at most two coins left of it",
        FamilyName::Ruler => "a move turns a run of consecutive coins whose rightmost is a head",
        FamilyName::TurningCorners => {
            "a move turns the four corners of a rectangle whose corner furthest from 0:0 is a head, that corner to tails"
        }
        FamilyName::Euclid => {
            "a move subtracts a positive multiple of the smaller number from the larger, leaving 0 or more"
        }
        FamilyName::Hackenbush => {
            "a move cuts one edge joined to the ground, and every edge no longer joined to the ground falls"
        }
        FamilyName::Dynamic | FamilyName::FibonacciNim => {
            "a move takes 1 to the allowance M of the stones (N:M); the next allowance is K times the take"
        }
        FamilyName::Moore => {
            "a move takes at least one object from each of 1 to K piles and leaves the others"
        }
        FamilyName::Graph => "a move takes one token along one edge of the graph",
        FamilyName::Nim
        | FamilyName::MaxTake
        | FamilyName::Subtract
        | FamilyName::SubtractPowersOfTwo
        | FamilyName::SubtractFibonacci
        | FamilyName::Wythoff
        | FamilyName::Octal
        | FamilyName::Kayles
        | FamilyName::DawsonsKayles
        | FamilyName::DawsonsChess
        | FamilyName::Officers
        | FamilyName::GrundysGame
        | FamilyName::LaskersNim
        | FamilyName::Rule
        | FamilyName::Kiki => "a move goes to one of the game's positions after it",
    }
}

/// The name of the game a spec (`wythoff`, `kayles`) names, the spec itself if it names none.
fn spec_name(spec: &str) -> String {
    Rules::parse(spec).map_or_else(|_| spec.to_string(), |rules| English.rules_name(&rules, 0))
}

/// The amounts a take-and-break move may take: `1 or 2`, `1, 2 or 3`, `any number`.
fn amounts_or(amounts: Option<&[u64]>) -> String {
    match amounts {
        None => "any number".to_string(),
        Some([]) => "0".to_string(),
        Some([one]) => one.to_string(),
        Some([rest @ .., last]) => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!("{} or {last}", rest.join(", "))
        }
    }
}

/// Why a move cannot be played, after `illegal move: `: no such pile, or the rules' reason.
fn move_error(e: &MoveError) -> String {
    match e {
        MoveError::NoSuchPile { .. } => format!("illegal move: {e}"),
        MoveError::Illegal(reason) => format!("illegal move: {}", English.illegal_move(reason)),
    }
}

/// The other piles' nim-sum x, ending with its value: `2 ⊕ 5 = 7`, `the other pile holds 5`,
/// `with no other pile, their nim-sum is 0`, and for many `the other 9 piles have nim-sum 7`.
fn xor_of(others: &[Nat], x: &Nat) -> String {
    match others.len() {
        0 => format!("with no other pile, their nim-sum is {x}"),
        1 => format!("the other pile holds {x}"),
        2..=6 => {
            let terms: Vec<String> = others.iter().map(Nat::to_string).collect();
            format!("{} = {x}", terms.join(" ⊕ "))
        }
        n => format!("the other {n} piles have nim-sum {x}"),
    }
}
