//! The words of the human output in each language (`--lang`): one [`Words`] per language, each
//! in its own file ([`en`], [`zh`]), and [`words`] to pick one. The printers ([`crate::cli::render`],
//! [`crate::cli::trainer`]) lay out lines and ask these for every word and sentence; no other
//! file matches on [`Lang`]. JSON is never translated.
//!
//! Errors too: the binary's own ([`crate::cli::errors::CliError`], with the context around an
//! error) and every error type of the library, each variant matched in each language (English:
//! the library's `Display`); [`crate::cli::errors::error_message_in`] words a whole chain.
//!
//! Chinese uses the notes' own terms: 利己态 (S, nim-sum ≠ 0), 利他态 (T, nim-sum = 0), 孤单堆
//! (a pile of one), 充裕堆 (a pile larger than one), 必胜, 必败, nim和 (异或).
//!
//! A new language is one file implementing [`Words`], its variant in [`Lang`] and its line in
//! [`words`]. The English words of the library (`Display` of moves, `Rules::name`,
//! `NimState::meaning`, …) are used by [`en`] as they are; the library knows no other language.
//!
//! Words that are coloured (the class word, a bit, a move) are coloured by the caller and
//! handed in already painted, as `&str`.

use std::fmt;

use clap::ValueEnum;
use nimsolve::LoopyRule;
use nimsolve::engine::misere::Method;
use nimsolve::engine::replay::Hint;
use nimsolve::explain::{PeriodStep, SearchNeed};
use nimsolve::games::coins::theory::CoinValues;
use nimsolve::games::dynamic::DynamicValue;
use nimsolve::games::euclid::EuclidValue;
use nimsolve::games::graph::theory::{Gamma, GraphTokens, Outcome as GraphOutcome};
use nimsolve::games::hackenbush::HackenbushLine;
use nimsolve::games::kiki::KikiValue;
use nimsolve::games::moore::{MooreCount, MooreValue};
use nimsolve::games::slide::SlideValue;
use nimsolve::games::staircase::theory::StaircaseValue;
use nimsolve::games::take::Division;
use nimsolve::games::wythoff::WythoffValue;
use nimsolve::games::wythoff::theory::WythoffPlace;
use nimsolve::grundy::Periodicity;
use nimsolve::{
    Analysis, ClassLabel, Fact, FamilyStep, FamilyWhy, Game, Move, MoveVerdict, MoveWords, Nat,
    NimState, Outcome, Play, Player, Reason, Rules, Theorem,
};

use nimsolve::ClosedFormWhy;
use nimsolve::error::{LearnError, NoQuotientWhy, NumberError, RuleError};
use nimsolve::games::words::{move_words, move_words_in};
use nimsolve::{IllegalMove, MoveError, PlayError, PositionError, SolveError, StepError};

use crate::cli::command::{CommandError, MoveKind, MoveKinds};
use crate::cli::errors::{CliError, ErrorContext};
use crate::cli::nimber::{ExprError, NimberOp};
use nimsolve::error::NimberError;

pub mod en;
pub mod zh;

/// A part of a misère quotient's description (see [`Words::quotient_label`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuotientPart {
    /// `Generators`.
    Generators,
    /// `Relations`.
    Relations,
    /// `P-portion`.
    PPortion,
    /// `Heaps` (the class of each heap).
    Heaps,
    /// `heap`, as in `a = heap 1`.
    Heap,
}

/// The language of the human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Chinese (中文), in the Chinese terms: 利己态/利他态, 孤单堆/充裕堆, 必胜/必败, nim和.
    Zh,
}

/// The words of a language.
pub fn words(lang: Lang) -> &'static dyn Words {
    match lang {
        Lang::En => &en::English,
        Lang::Zh => &zh::Chinese,
    }
}

impl fmt::Display for CommandError {
    /// The English words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&words(Lang::En).command_error(self))
    }
}

/// The pieces of a verdict line after its head, laid out by
/// [`crate::cli::render::verdict_line`] without formatting (the batch path): for example
/// `; nim-sum 1; 3 winning moves, e.g. take 1 from pile 1 (3 → 2); remoteness 3`.
#[derive(Debug, Clone, Copy)]
pub struct VerdictWords {
    /// Before each part of the line: `; `.
    pub sep: &'static str,
    /// Before a Grundy value: `Grundy value `.
    pub grundy_value: &'static str,
    /// Before the nim-sum: `nim-sum `.
    pub nim_sum: &'static str,
    /// When no move is left: `no move is left`.
    pub no_move: &'static str,
    /// Before the only winning move: `1 winning move: `.
    pub one_winning_move: &'static str,
    /// After the number of winning moves, before one of them: ` winning moves, e.g. `.
    pub winning_moves_eg: &'static str,
    /// After the number of winning moves when none is shown: ` winning moves`.
    pub winning_moves: &'static str,
    /// Before the one winning move shown when there are too many to list.
    pub too_many_moves: &'static str,
    /// Before and after the remoteness: `remoteness ` and nothing.
    pub remoteness: (&'static str, &'static str),
}

/// Every word and sentence of the human output, in one language. Sentences come without their
/// line's end; a method that takes a `&str` for a coloured piece gets it already painted.
pub trait Words: Sync {
    // ------------------------------------------------------------ moves, games, players

    /// Appends a move in words to `out`, as its game describes it ([`MoveWords`]): `take 2
    /// from pile 1 (3 → 1)`, `从第 1 堆取 6 个（7 → 1）`, `take 1 from both piles (4 6 → 3 5)`,
    /// `move to 2001-11-04 (the next day)`. With `named` (a sum of several components), a move
    /// from both piles names them (`take 1 from both piles 1 and 2`) and a family's own kind of
    /// move names its pile (`pile 2: move to 2001-11-04`), as it also does when its component
    /// has several piles. This is the one place a language words a move (the batch path calls
    /// it per line: no formatting).
    fn put_move(&self, out: &mut Vec<u8>, mv: &MoveWords, named: bool);

    /// A family's name alone (no play convention), from its name
    /// ([`nimsolve::name::Name`], a [`nimsolve::FamilyName`] each language matches in full):
    /// `Nim`, `Bash game (take 1 to 3)` for take 1..3 on any number of piles (`piles`, which no
    /// name depends on: several piles of a game are a sum of it).
    fn rules_name(&self, rules: &Rules, piles: usize) -> String;

    /// Names joined into a sum, with the play convention: `Nim + Wythoff's game, normal play`.
    fn sum_name(&self, names: &[String], play: Play) -> String;

    /// The game and play convention: `Nim, normal play`, `Nim，正常规则`.
    fn game_name(&self, game: &Game, piles: usize) -> String {
        self.sum_name(&[self.rules_name(game.rules(), piles)], game.play())
    }

    /// The play convention: `normal play`, `正常规则`.
    fn play_label(&self, play: Play) -> &'static str;

    /// A player as a column of a replay: `first`, `先手`.
    fn player(&self, p: Player) -> &'static str;

    /// The name of a kind of player as the CLI spells it (`optimal`, `random`, …).
    fn player_kind<'a>(&self, kind: &'a str) -> &'a str;

    /// A position without piles: `(empty)`.
    fn empty_piles(&self) -> &'static str;

    // ------------------------------------------------------------ verdicts

    /// The class of an outcome: `N-position`, `N 局面`.
    fn class_word(&self, outcome: Outcome) -> &'static str;

    /// What the outcome means for the player to move: `the player to move wins`.
    fn outcome_phrase(&self, outcome: Outcome) -> &'static str;

    /// The class word (painted) with the family's class label if there is one (Nim's state):
    /// `N-position (S2)`, `N 局面（S2，利己态）`.
    fn class(&self, word: &str, label: Option<ClassLabel>) -> String;

    /// The head of a verdict line from its class (see [`Words::class`]) and game name:
    /// `N-position (S2) in Nim, misère play: the player to move wins`, with
    /// ` (exhaustive search)` when the search decided.
    fn verdict_head(&self, class: &str, name: &str, outcome: Outcome, exhaustive: bool) -> String;

    /// The pieces of a verdict line after its head.
    fn verdict(&self) -> &'static VerdictWords;

    /// Where a Wythoff position stands: `Wythoff pair k = 1 (1, 2)` or
    /// `difference 1, whose Wythoff pair is (1, 2)`.
    fn wythoff_place(&self, place: &WythoffPlace) -> String;

    /// Appends what a family's fact decides a verdict line by, after the separator
    /// ([`VerdictWords::sep`]): `; nim-sum 1` (Nim), `; Wythoff pair k = 1 (1, 2)`; returns
    /// whether the fact has such a value (else nothing is appended, and the line shows the
    /// Grundy value).
    fn put_fact_value(&self, out: &mut Vec<u8>, fact: &Fact) -> bool;

    // ------------------------------------------------------------ theory

    /// What a state label means, in one phrase: `nim-sum ≠ 0, no pile larger than one`.
    fn state_meaning(&self, state: NimState) -> &'static str;

    /// The theorem or method that decided a position, with its rule.
    fn theorem(&self, t: Theorem) -> &'static str;

    // ------------------------------------------------------------ misère quotients

    /// The heaps' Grundy values under the misère Nim rule, with what the rule asks of them:
    /// `Grundy values of the heaps: 2 0 1 (1 of value 2 or more; nim-sum 3)`.
    fn misere_values(&self, values: &[Nat]) -> String;

    /// The heaps' classes in a misère quotient (words), their product and whether it lies in
    /// the P-portion.
    fn misere_classes(&self, heaps: &[String], product: &str, in_p: bool) -> String;

    /// Why `quotient` found no misère quotient of the game `name`: `heaps` is the largest heap
    /// checked and whether the user asked for it (`None` when no heaps would do); `why` the
    /// library's reason.
    fn quotient_refused(
        &self,
        name: &str,
        heaps: Option<(u64, bool)>,
        why: &NoQuotientWhy,
    ) -> String;

    /// The library's reason no misère quotient was proven: `its heaps are wild (not tame), …`.
    fn no_quotient_why(&self, why: &NoQuotientWhy) -> String;

    /// Where the learner of a misère quotient stopped: `heap 12: … more than 512 elements`.
    fn learn_error(&self, e: &LearnError) -> String;
    /// A progress line of the learner of a misère quotient (stderr, on a terminal).
    fn quotient_progress(&self, heap: u64, elements: usize) -> String;

    /// What a Grundy value that takes a while is waiting for: the table of one pile's values
    /// grows towards the pile, at most to the table limit (`limit` values), seeking a period.
    fn grundy_progress(&self, pile: &Nat, limit: u64) -> String;

    /// The head of a misère quotient: `Misère quotient of Kayles: wild`.
    fn quotient_head(&self, name: &str, method: Method) -> String;

    /// What the check proved: for every heap (with the heap map's period) or for the heaps
    /// up to `checked`, and how many types of positions it walked. `by_rule`: the misère Nim
    /// rule decides every heap of the game anyway ([`nimsolve::Ruleset::misere_known_tame`]), so
    /// a quotient shown for the heaps up to `checked` is only the part for those heaps.
    fn quotient_proof(
        &self,
        checked: u64,
        types: usize,
        period: Option<(u64, u64)>,
        by_rule: bool,
    ) -> String;

    /// The sizes: `|Q| = 6, |P| = 2`.
    fn quotient_order(&self, order: usize, p: usize) -> String;

    /// The label of a part of a quotient's description.
    fn quotient_label(&self, part: QuotientPart) -> &'static str;

    /// A labelled line of a quotient's description, its items in the language's list
    /// punctuation: `Generators: a = heap 2, b = heap 5`, `生成元：a = 堆 2，b = 堆 5`; the label
    /// alone (`Heaps:`) when `items` is empty.
    fn quotient_line(&self, part: QuotientPart, items: &[String]) -> String;

    /// Why a closed form of a sequence of one-number positions holds
    /// ([`nimsolve::SequenceProof::ClosedForm`]).
    fn closed_form_reason(&self, why: ClosedFormWhy) -> &'static str;

    // ------------------------------------------------------------ analyze --explain

    /// The first line of an explanation: `Position 3 5 7 — Nim, normal play`.
    fn position_head(&self, position: &str, name: &str) -> String;

    /// The Nim state with its meaning and counts: `State S2: … (2 piles larger than one, 1
    /// pile of one); in the P/Q/R/S/F naming: …`.
    fn state_line(&self, state: NimState, big: usize, ones: usize) -> String;

    /// The k-th Wythoff pair and how it is computed.
    fn wythoff_pair(&self, k: &Nat, a: &Nat, b: &Nat) -> String;

    /// Whether the position is that pair: `The position is that pair.`
    fn wythoff_is_pair(&self, is_pair: bool) -> &'static str;

    /// The lines of an explanation that word a family's fact: Nim's state (see
    /// [`Words::state_line`]), the Wythoff pair and whether the position is it, how many
    /// winning moves Moore's Nim_k has.
    fn fact_lines(&self, fact: &Fact) -> Vec<String>;

    /// The proven period of a heap sequence, with its window (see [`window`]).
    fn periodicity(&self, p: &Periodicity) -> String;

    /// The line before the verdict: `By Bouton's theorem …:`.
    fn by_theorem(&self, t: Theorem) -> String;

    /// The verdict under it, from the class word (painted): `N-position — the player to move
    /// wins.`
    fn verdict_sentence(&self, word: &str, outcome: Outcome) -> String;

    /// The head of the list of winning moves: `Every winning move (3):`.
    fn every_winning_move_head(&self, n: usize) -> String;

    /// The head of the one winning move listed when there are too many to list them all.
    fn first_winning_move_head(&self) -> &'static str;

    /// What the remoteness means: `Remoteness 3: under best play …`.
    fn remoteness_sentence(&self, r: u64) -> String;

    /// The verdict on a compound other than the sum: `N-position of the conjunctive compound
    /// of 3 4 + kayles 5: the player to move wins (least remoteness 3, odd)`.
    fn compound_verdict(
        &self,
        compound: nimsolve::Compound,
        outcome: nimsolve::Outcome,
        position: &str,
        decisive: u64,
    ) -> String;

    /// The theorem that decided a compound, with each component's number (`--explain`).
    fn compound_theorem(
        &self,
        compound: nimsolve::Compound,
        numbers: &[u64],
        decisive: u64,
    ) -> String;

    /// One component's number in a compound and, when the winning move moves in it, the
    /// component after it: `component 2 (kayles 5): remoteness 5; to kayles 2 2`.
    fn compound_component(
        &self,
        compound: nimsolve::Compound,
        index: usize,
        component: &str,
        number: u64,
        after: Option<&str>,
    ) -> String;

    /// The winning compound move, as the whole position after it, and how many components it
    /// moves in; `None`: no move wins.
    fn compound_move(&self, after: Option<&str>, moved: usize) -> String;

    /// The heads of the Sprague–Grundy table of a sum: component, game, piles, Grundy value,
    /// xor so far.
    fn sum_table_heads(&self) -> [&'static str; 5];

    /// Which component (1-based) a sum's winning move is in, and its Grundy value from `g` to
    /// `g ⊕ x = to`.
    fn component_move(&self, component: usize, name: &str, g: &Nat, x: &Nat, to: &Nat) -> String;

    /// The label of the xor row of the binary table: `nim-sum` for Nim's piles, else `xor`.
    fn xor_label(&self, nim: bool) -> &'static str;

    /// The label of a pile's row (1-based): `pile 1` for Nim, else `g(pile 1)`.
    fn row_label(&self, nim: bool, pile: usize) -> String;

    /// Beside a Grundy value's row, what the pile (1-based) holds: `(pile 1 holds 3)`.
    fn pile_holds(&self, pile: usize, holds: &Nat) -> String;

    /// A bit by its number: `bit 2`.
    fn bit(&self, bit: u64) -> String;

    /// Under the binary table, after the caret: `highest set bit: bit 2`.
    fn highest_set_bit(&self, bit: u64) -> String;

    /// Bouton's winning move (`bit`, painted, from [`Words::bit`]; `shown`, the move):
    /// `Pile 1 is the lowest-numbered pile with bit 2 set: 5 ⊕ 6 = 3 < 5, so ….`
    fn high_bit_move(
        &self,
        pile: usize,
        bit: &str,
        from: &Nat,
        x: &Nat,
        to: &Nat,
        shown: &str,
    ) -> String;

    /// Why the move `shown` is played, for every reason but Bouton's (see
    /// [`Words::high_bit_move`]): `Play ….`, or the misère rule, the delay, the fallback.
    fn move_reason(&self, reason: Reason, shown: &str) -> String;

    /// Why the family's rule plays `mv` (`shown`, in words), from the position's `fact`:
    /// Bouton's high bit (see [`Words::high_bit_move`]; `high_bit` paints the bit's words), or
    /// misère Nim's rule (see [`Words::move_reason`]).
    fn family_move_reason(
        &self,
        why: FamilyWhy,
        fact: Option<&Fact>,
        mv: &Move,
        shown: &str,
        high_bit: &dyn Fn(String) -> String,
    ) -> String;

    // ------------------------------------------------------------ move

    /// When no move is left in the game `name`: `no move is left in Nim, normal play: the
    /// player to move has lost`.
    fn no_move_left(&self, name: &str, play: Play) -> String;

    /// After a suggested move and the position it leaves: `: a winning move (N-position (S2),
    /// Nim, normal play)`, or that no move wins.
    fn advice_verdict(&self, winning: bool, class: &str, name: &str) -> String;

    /// Why a move of a lost position was chosen, if it needs saying (else empty): the delay
    /// with its remoteness, or the fallback rule.
    fn advice_reason(&self, reason: Reason, remoteness: Option<u64>) -> String;

    /// The head and separator of the list after `--all`: `; every winning move: `, `; `.
    fn every_winning_move_list(&self) -> (&'static str, &'static str);

    // ------------------------------------------------------------ play

    /// The first line of a replay: `Nim, normal play from 3 5 7 (first: optimal, second:
    /// random)`; the kinds already in words ([`Words::player_kind`]).
    fn play_header(&self, name: &str, start: &str, first: &str, second: &str) -> String;

    /// The state of a replay's position, with its class word (painted): `[S2, N-position]`.
    fn turn_state(&self, label: Option<ClassLabel>, word: &str) -> String;

    /// The last line of a replay: `First player wins after 3 moves (first made the last move,
    /// normal play)`.
    fn winner(&self, winner: Player, turns: u64, play: Play) -> String;

    // ------------------------------------------------------------ grundy

    /// The head of a Grundy sequence: `Grundy values g(n) of one pile, Nim, n = 0..20:`.
    fn grundy_sequence_head(&self, name: &str, whole: Option<&str>, upto: usize) -> String;

    /// A closed form with why it holds (see [`Words::closed_form_reason`]) and its period:
    /// `Closed form: g(n) = n mod 4 (preperiod 0, period 4)`.
    fn closed_form(
        &self,
        formula: &str,
        reason: Option<ClosedFormWhy>,
        period: Option<u64>,
    ) -> String;

    /// When no theorem here proves a period of the game ([`nimsolve::SequenceProof::Table`]):
    /// `No period is sought (no theorem here proves one for this game); every value is
    /// computed by mex.`
    fn no_period(&self) -> &'static str;

    /// When a period was sought in the first `values` values and none is proven by them
    /// ([`nimsolve::SequenceProof::Unproven`]).
    fn no_period_in(&self, values: u64) -> String;

    /// The head of the Wythoff Grundy table.
    fn pair_table_head(&self, name: &str) -> String;

    /// How the values of a two-number table are known, under it: each by mex over its
    /// options, as the Sprague–Grundy theorem defines them; `dots`, whether the table marks
    /// numbers that are no position with a ·.
    fn pair_table_known(&self, dots: bool) -> &'static str;

    // ------------------------------------------------------------ the trainer

    /// The trainer's help (printed by `help`, and at the start on a terminal): the ways moves
    /// are typed in a position whose moves are of `kinds`, then the commands.
    fn trainer_commands(&self, kinds: &MoveKinds) -> String;

    /// The game stops at the end of the input, at `at` after `moves` moves.
    fn end_of_input(&self, at: &str, moves: usize) -> String;

    /// The game stops because Ctrl-C interrupted it at the prompt, at `at` after `moves` moves.
    fn interrupted(&self, at: &str, moves: usize) -> String;

    /// A line longer than `max` bytes was skipped.
    fn line_too_long(&self, max: usize) -> String;

    /// What is wrong with a line typed at the prompt. The reason a rule gives for an illegal
    /// amount comes from the library, in English.
    fn command_error(&self, e: &CommandError) -> String;

    /// No hint could be given, because of `e` (a library error, in English).
    fn no_hint(&self, e: &SolveError) -> String;

    /// `quit` stops the game at `at` after `moves` moves.
    fn stopped(&self, at: &str, moves: usize) -> String;

    /// The last line when one person played: `You win.` or `The engine wins.`
    fn game_over(&self, you_win: bool) -> &'static str;

    /// The person, when one plays: `you`.
    fn you(&self) -> &'static str;

    /// The engine, when one person plays: `engine`.
    fn engine(&self) -> &'static str;

    /// Whose move it is: `your move` when one person plays (`you`), else `first player's move`.
    fn to_move(&self, you: bool, player: Player) -> String;

    /// One stage of a hint; `named` as for [`Words::put_move`], `typed` what to type for its
    /// move, `piles` the position's (for the pair a move from both piles changes).
    fn hint(&self, hint: &Hint, named: bool, typed: &str, worded: Option<&MoveWords>) -> String;

    /// `undo` with nothing to take back.
    fn nothing_to_undo(&self) -> &'static str;

    /// One turn taken back: `turn 3 (you: take 1 from pile 2 (3 → 2))`.
    fn undone_turn(&self, turn: u64, who: &str, mv: &str) -> String;

    /// The turns taken back (from [`Words::undone_turn`]) and the position now.
    fn took_back(&self, turns: &[String], now: &str) -> String;

    /// `show`: the position, its game, the moves so far, each pile (in a sum, component by
    /// component with the game of each) and whose move it is (from [`Words::to_move`]).
    fn show(
        &self,
        position: &str,
        name: &str,
        moves: usize,
        parts: &[ShowPart<'_>],
        to_move: &str,
    ) -> String;

    // ------------------------------------------------------------ the family's steps (--explain)

    /// A family's step of an explanation in words, on the piles `piles` of the position
    /// explained; `painted` words a move (coloured). Each language matches every family's step
    /// here and words it with the methods below.
    fn family_step(
        &self,
        step: &FamilyStep,
        piles: &[Nat],
        painted: &dyn Fn(&Move) -> String,
    ) -> String;

    /// Nim's other method: the largest pile (1-based) holds `size`; the other piles, `others`,
    /// have nim-sum `x`; `shown` is the move (painted) when x < size.
    fn largest_pile(
        &self,
        pile: usize,
        size: &Nat,
        others: &[Nat],
        x: &Nat,
        shown: Option<&str>,
    ) -> String;

    /// The Bash game's rule on its one pile: n = (K + 1)·r + s; `shown` is the move (painted)
    /// when s > 0.
    fn bash_division(&self, d: &Division, shown: Option<&str>) -> String;

    /// A heap's value under take 1 to K: `Pile 2 holds 10 = 4·2 + 2, so g(10) = 10 mod 4 = 2.`
    fn residue(&self, d: &Division) -> String;

    /// A heap's value as a mex with its options listed, `formula` being
    /// `g(7) = mex{g(5), g(2)} = mex{0, 1} = 2`; `pile` (1-based) is `None` for the smaller heap
    /// after a period step.
    fn mex_listed(&self, pile: Option<usize>, formula: &str) -> String;

    /// A heap's value as the mex of the distinct values (`values`, `{0, 1, 3}`) of its `count`
    /// options; `pile` as for [`Words::mex_listed`].
    fn mex_values(
        &self,
        pile: Option<usize>,
        heap: &Nat,
        count: u64,
        values: &str,
        value: &Nat,
    ) -> String;

    /// A heap past the preperiod reduced by the period to the heap of the same value.
    fn period_step(&self, step: &PeriodStep) -> String;

    /// A heap's value with too many options to show.
    fn heap_value(&self, pile: usize, heap: &Nat, value: &Nat) -> String;

    /// A Wythoff component's Grundy value and why, its first pile `pile` (1-based); `values`
    /// is the set of its options' values as text (`{0, 1, 3}`) for
    /// [`nimsolve::games::wythoff::WythoffWhy::Mex`].
    fn wythoff_value(&self, pile: usize, step: &WythoffValue, values: &str) -> String;

    /// A kiki component's Grundy value by the piles' parities, its first pile `pile` (1-based).
    fn kiki_value(&self, pile: usize, step: &KikiValue) -> String;

    /// A staircase's value: the nim-sum of its odd steps.
    fn staircase_value(&self, step: &StaircaseValue) -> String;

    /// A row of sliding pieces' value: the gaps inside the pairs from the right.
    fn slide_value(&self, step: &SlideValue) -> String;
    /// A coin-turning game's value: each head's value and their nim-sum.
    fn coin_values(&self, step: &CoinValues) -> String;

    /// A Euclid pair's value: the quotients of the Euclidean algorithm, folded.
    fn euclid_value(&self, step: &EuclidValue) -> String;

    /// A graph component's tokens: each vertex's γ, outcome and remoteness, and γ of their sum.
    fn graph_tokens(&self, step: &GraphTokens) -> String;

    /// γ of a vertex or a sum: a number, or ∞ with its finite options.
    fn gamma(&self, g: &Gamma) -> String;

    /// The outcome of a position that may go on for ever.
    fn loopy_outcome(&self, o: GraphOutcome) -> &'static str;

    /// The head of the line of a position that may go on for ever, as [`Words::verdict_head`]
    /// words a decided one: `draw in tokens on the directed graph of g.txt + Nim, normal play:
    /// neither player can force a win`. `class` is the outcome's word, painted.
    fn loopy_head(&self, o: GraphOutcome, class: &str, name: &str) -> String;

    /// The outcome's word: `N-position`, `P-position`, `draw`.
    fn loopy_class(&self, o: GraphOutcome) -> &'static str;

    /// What a move of a position that may go on for ever does, after it and the position it
    /// leaves, as [`Words::advice_verdict`] says it of a decided one: `: a winning move
    /// (N-position, …)`, `: no move wins; it keeps the draw (draw, …)`.
    fn loopy_advice(&self, o: GraphOutcome, class: &str, name: &str) -> String;

    /// The case of Smith's rule that decided a position that may go on for ever (`values`: each
    /// component's γ in words).
    fn loopy_rule(&self, rule: &LoopyRule, values: &[String]) -> String;

    /// The head of a graph's table of vertices: its file, size and whether it has cycles.
    fn graph_table_head(&self, spec: &str, vertices: usize, edges: usize, acyclic: bool) -> String;

    /// A dynamic-subtraction pile's verdict: its k-sparse representation against the allowance.
    fn dynamic_value(&self, step: &DynamicValue) -> String;

    /// A step of a Green Hackenbush value: edges that fell, a fusion, the colon principle.
    fn hackenbush_step(&self, step: &HackenbushLine) -> String;

    /// Moore's theorem on a position: the binary columns' counts mod K + 1.
    fn moore_value(&self, step: &MooreValue) -> String;

    /// How many winning moves Moore's Nim_k has when only the first is listed.
    fn moore_count(&self, count: &MooreCount) -> String;

    /// A winning move of Wythoff's game (painted) and the pair (a_k, b_k) it leaves.
    fn wythoff_reach(&self, shown: &str, k: &Nat, a: &Nat, b: &Nat) -> String;

    /// The head of a sum's component's steps: `Component 2, Kayles:`.
    fn component_steps_head(&self, component: usize, name: &str) -> String;

    /// Why no remoteness is given: the search it needs against the limit.
    fn remoteness_missing(&self, need: &SearchNeed) -> String;

    // ------------------------------------------------------------ grundy --svg

    /// The title of the picture of a two-pile game's P-positions, a, b ≤ `n`.
    fn svg_pair_title(&self, name: &str, n: u64) -> String;

    /// The title of the picture of a heap game's Grundy sequence, n = 0..`upto`.
    fn svg_sequence_title(&self, name: &str, whole: Option<&str>, upto: u64) -> String;
    // ------------------------------------------------------------ the coach and review

    /// The class word of an outcome in the tags of a review and of a coached game:
    /// `P-position`; in Chinese the notes' 奇异局势 (a P-position of Bouton's and Wythoff's
    /// games) and 非奇异局势.
    fn step_class_word(&self, outcome: Outcome) -> &'static str;

    /// The first line of a review: `Review of Nim, normal play from 7 8 9`.
    fn review_header(&self, name: &str, start: &str) -> String;

    /// A move's verdict at the end of its review line: `wins`, `blunder: … wins` (`winning`
    /// the winning move in words), `lost`.
    fn review_verdict(&self, verdict: &MoveVerdict, winning: &str) -> String;

    /// Appends the pair a move from both piles of a Wythoff component changed, after the move
    /// in a review line: ` (4 7 → 1 4)`, `（4 7 → 1 4）`.
    fn put_pair_change(&self, out: &mut Vec<u8>, before: [&Nat; 2], after: [&Nat; 2]);

    /// The last line of a review of one position and no move: `at`, and whether a move is
    /// left there (`over` when none is).
    fn review_one_position(&self, at: &str, over: bool) -> String;

    /// The line after a review's last line when `n` steps were no legal move (and so are not
    /// counted among its moves).
    fn review_illegal_steps(&self, n: u64) -> String;

    /// Why a line of a review is not judged: the game ended at line `end_line`, at `at`, where
    /// no move is left (`after the end of the game: no move is left at 0 0 (line 2)`).
    fn review_after_end(&self, end_line: u64, at: &str) -> String;

    /// A line of a review that comes after the end of the game, in its place: `line` and why
    /// ([`Words::review_after_end`]): `line 4: after the end of the game: …`.
    fn review_after_end_row(&self, line: u64, why: &str) -> String;

    /// The line after a review's last line when `n` lines came after the end of the game (and
    /// so were not reviewed).
    fn review_lines_after_end(&self, n: u64) -> String;

    /// The last line of a review that reached `at`, where no move is left, with no winner to
    /// name: the start had no move (`at_start`), no legal move was made (`moves` is 0), or the
    /// step that reached `at` was no legal move (after `moves` legal ones).
    fn review_no_winner(&self, at: &str, moves: usize, at_start: bool) -> String;

    /// Why a part of a line of a review between two arrows (`→`, `->`) is no position: the
    /// arrow at byte `column` follows another with no position between them.
    fn review_empty_between_arrows(&self, column: usize) -> String;

    /// A review step that no single legal move makes, from `before` to `after`, with why (in
    /// this language: [`Words::step_error`]).
    fn no_single_move(&self, before: &str, after: &str, why: &dyn fmt::Display) -> String;

    /// What the coach says after a person's move: it kept the win (`after`, the position it
    /// left, is a P-position), threw it away (`winning` would have won; type `typed`), or the
    /// position was already lost.
    fn coach(&self, verdict: &MoveVerdict, after: &str, winning: &str, typed: &str) -> String;

    /// The coach could not judge a move, because of `e` (a library error, in English).
    fn coach_cannot_judge(&self, e: &SolveError) -> String;

    /// The seed drawn for a game with random moves, to play it again with `--seed`.
    fn drawn_seed(&self, seed: u64) -> String;

    /// Why the rules forbid a move, with the reason's facts (the amount, the pile, the limit or
    /// set, the game): `a move takes at most 3, not 5`. English is the library's `Display`.
    fn illegal_move(&self, reason: &IllegalMove) -> String;

    /// Why a review step is no single legal move (see [`Words::no_single_move`]); a move the
    /// rules forbid is named and its reason given by [`Words::illegal_move`].
    fn step_error(&self, e: &StepError) -> String;

    /// The line `review` writes on standard error when it reads a terminal: what to type and
    /// how to end (`nimsolve review: type the game's positions one a line, …`).
    fn review_terminal_hint(&self) -> &'static str;

    /// Why a position cannot be solved (English: the library's `Display`); the flag that
    /// changes a limit is added by [`Words::limit_fix`].
    fn solve_error(&self, e: &SolveError) -> String;

    /// After an error that a limit stopped, the flag that changes it: ` (raise it with
    /// --table-limit)`, or ` (lower --search-limit)` when `raise` is false.
    fn limit_fix(&self, flag: &str, raise: bool) -> String;

    /// Why a line or an argument is not a position (English: the library's `Display`).
    fn position_error(&self, e: &PositionError) -> String;

    /// Why a game's spec cannot be used (English: the library's `Display`).
    fn rule_error(&self, e: &RuleError) -> String;

    /// Why a numeral is not a pile size (English: the library's `Display`).
    fn number_error(&self, e: &NumberError) -> String;

    /// Why a move cannot be played: no such pile, or the rules' reason (English: the
    /// library's `Display`).
    fn move_error(&self, e: &MoveError) -> String;

    /// Why a replayed game cannot go on (English: the library's `Display`).
    fn play_error(&self, e: &PlayError) -> String;

    /// An error of the binary itself (a flag, an input the library never sees).
    fn cli_error(&self, e: &CliError) -> String;

    // ------------------------------------------------------------ nimbers (`nimsolve nimber`)

    /// An expression and its value: `8 ⊗ 8 = 13`.
    fn nimber_value(&self, canonical: &str, value: &Nat) -> String;

    /// The lines of one operation of `nimber --explain`: a nim-sum, a nim-product with the
    /// steps of its Fermat-power recursion, a nim-quotient with the inverse, a power.
    fn nimber_op(&self, op: &NimberOp) -> Vec<String>;

    /// Why an expression of `nimsolve nimber` cannot be evaluated, with its column and token.
    fn expr_error(&self, e: &ExprError) -> String;

    /// Why the library refused a nimber operation (English: the library's `Display`).
    fn nimber_error(&self, e: &NimberError) -> String;

    /// What was being done when an error happened: `argument 2`, `line 3`.
    fn error_context(&self, c: &ErrorContext) -> String;

    /// Between the parts of an error's chain: `: `.
    fn error_separator(&self) -> &'static str;

    /// Writing standard output failed: `writing standard output: …` with the system's reason.
    fn write_failed(&self, e: &std::io::Error) -> String;

    /// A usage error of the command line (clap's), in this language's words, with `tip` (the
    /// command to analyse a position with, [`Words::position_tip`]) among its tips; `None` to
    /// print clap's own (English) message, which names the same things.
    fn usage_error(&self, e: &clap::Error, tip: Option<&str>) -> Option<String>;

    /// The tip for a command line that starts with a position: `a position is analysed with
    /// `nimsolve analyze 1 2 3``, `command` being the words after `nimsolve`.
    fn position_tip(&self, command: &str) -> String;

    /// A failed read or open: the system's reason (`No such file or directory (os error 2)`),
    /// by its kind where the language words it.
    fn io_error(&self, e: &std::io::Error) -> String;

    /// Why `review` refuses piles given as arguments (`given`, as typed): it reads a game's
    /// positions one a line from a file or standard input, with an example of how.
    fn review_takes_no_piles(&self, given: &str) -> String;
}

/// The most values of a set shown ([`set_text`]); more are cut with `…`.
pub(crate) const SHOWN_VALUES: usize = 32;

/// `{0, 1, 3}`, cut after [`SHOWN_VALUES`] values.
pub(crate) fn set_text(values: &[Nat]) -> String {
    let mut shown: Vec<String> = values
        .iter()
        .take(SHOWN_VALUES)
        .map(Nat::to_string)
        .collect();
    if values.len() > SHOWN_VALUES {
        shown.push("…".into());
    }
    format!("{{{}}}", shown.join(", "))
}

/// The piles other than pile `pile` (0-based), in order.
pub(crate) fn other_piles(piles: &[Nat], pile: usize) -> Vec<Nat> {
    piles
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != pile)
        .map(|(_, p)| p.clone())
        .collect()
}

/// Heaps joined by ` + `: `3 + 5`.
pub fn put_heaps(out: &mut Vec<u8>, heaps: &[Nat]) {
    for (i, h) in heaps.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b" + ");
        }
        h.write_decimal(out);
    }
}

/// The window that proves a period, both ends included: g(a), …, g(b) = g(c), …, g(d).
pub fn window(p: &Periodicity) -> (u64, u64, u64, u64) {
    let (pre, period, window) = (p.preperiod, p.period, p.window);
    (
        pre,
        pre + window - 1,
        pre + period,
        pre + period + window - 1,
    )
}

/// A move in words (see [`Words::put_move`]), for `write!`: `.2` as `named` there.
pub struct MoveText<'a>(pub &'a dyn Words, pub &'a MoveWords, pub bool);

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Vec::new();
        self.0.put_move(&mut text, self.1, self.2);
        f.write_str(std::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

/// What `mv`, a move of the analysed position `a`, does in its component's game: the
/// component's rules (`default` for a position of one component) word it.
pub fn analysis_move(default: &Rules, a: &Analysis, mv: &Move) -> MoveWords {
    let components = a.components.iter().map(|c| (&c.rules, c.piles.clone()));
    move_words_in(components, &a.piles, mv).unwrap_or_else(|| move_words(default, &a.piles, 0, mv))
}

/// Appends `open`, the pair `before`, ` → `, the pair `after` and `close`: `(4 7 → 1 4)`.
pub(crate) fn pair_change(
    out: &mut Vec<u8>,
    open: &str,
    before: [&Nat; 2],
    after: [&Nat; 2],
    close: &str,
) {
    out.extend_from_slice(open.as_bytes());
    for (k, pair) in [before, after].into_iter().enumerate() {
        if k == 1 {
            out.extend_from_slice(" → ".as_bytes());
        }
        pair[0].write_decimal(out);
        out.push(b' ');
        pair[1].write_decimal(out);
    }
    out.extend_from_slice(close.as_bytes());
}

/// Appends `n` in decimal to `out`, without formatting.
/// Appends each number after a space: ` 0 3 1`.
pub(crate) fn put_numbers(out: &mut Vec<u8>, numbers: &[Nat]) {
    for n in numbers {
        out.push(b' ');
        n.write_decimal(out);
    }
}

/// The takes of a move of a whole component that only lowers some of its numbers (Moore's
/// Nim): `(0-based number in the whole position, amount taken, before, after)` of each
/// lowered number, or `None` when the move does anything else (a number rises, the count
/// changes).
pub(crate) fn takes_of<'a>(
    pile: usize,
    before: &'a [Nat],
    after: &'a [Nat],
) -> Option<Vec<(usize, Nat, &'a Nat, &'a Nat)>> {
    if before.len() != after.len() || before.iter().zip(after).any(|(b, a)| a > b) {
        return None;
    }
    let takes: Vec<_> = before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(i, (b, a))| (pile + i, b.saturating_sub(a), b, a))
        .collect();
    (!takes.is_empty()).then_some(takes)
}

/// The most edges a list in words shows.
const SHOWN_EDGES: usize = 12;

/// Edges `1-2, 2-3`, the first [`SHOWN_EDGES`] of them and `…` after, joined by `sep`.
pub(crate) fn edge_list<T: std::fmt::Display>(edges: &[(T, T)], sep: &str) -> String {
    let mut shown: Vec<String> = edges
        .iter()
        .take(SHOWN_EDGES)
        .map(|(a, b)| format!("{a}-{b}"))
        .collect();
    if edges.len() > SHOWN_EDGES {
        shown.push("…".to_string());
    }
    shown.join(sep)
}

/// A head of a coin-turning game as a position writes it: `5`, or `3:5` on a board.
pub(crate) fn head_text(head: &[Nat]) -> String {
    head.iter()
        .map(Nat::to_string)
        .collect::<Vec<_>>()
        .join(":")
}

/// The heads left after a coin-turning move, as a position writes them: `1 5`.
pub(crate) fn heads_text(heads: &[Vec<Nat>]) -> String {
    heads
        .iter()
        .map(|h| head_text(h))
        .collect::<Vec<_>>()
        .join(" ")
}

pub(crate) fn put_number(out: &mut Vec<u8>, n: usize) {
    Nat::from(n).write_decimal(out);
}

/// How many terminal columns `text` takes: two for CJK ideographs and full-width forms, one
/// for everything else this program prints (Unicode's East Asian Width, by `unicode-width`).
pub fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// The piles of one component as `show` lists them: its game's name (`None` for a position
/// of one component), where its first pile stands in the whole position (0-based), its piles.
pub struct ShowPart<'a> {
    /// The component's game, in words, in a sum.
    pub name: Option<String>,
    /// 0-based number of its first pile among the position's heaps (`Position::heaps`).
    pub offset: usize,
    /// Its piles.
    pub piles: &'a [Nat],
    /// A component played as one whole state (a staircase, a graph): the state as the
    /// position grammar writes it, shown instead of its piles.
    pub state: Option<String>,
}

/// `text` padded with spaces on the right to `width` terminal columns.
pub struct PadRight<'a>(pub &'a str, pub usize);

impl fmt::Display for PadRight<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)?;
        for _ in display_width(self.0)..self.1 {
            f.write_str(" ")?;
        }
        Ok(())
    }
}

/// `text` padded with spaces on the left to `width` terminal columns: right-aligned, for any
/// width (`format!`'s `{:>width$}` panics past 65,535, which a pile's binary digits or a
/// vertex's name may need).
pub struct PadLeft<'a>(pub &'a str, pub usize);

impl fmt::Display for PadLeft<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in display_width(self.0)..self.1 {
            f.write_str(" ")?;
        }
        f.write_str(self.0)
    }
}

/// A token of a message: at most 40 characters, then "…".
pub(crate) fn cut_token(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// The trainer's help in a language's words: `head`, the rows of `rows` whose way of typing a
/// move applies to `kinds`, then `commands`, one per line.
fn trainer_help(
    head: &str,
    rows: &[(MoveKind, &str)],
    commands: &str,
    kinds: &MoveKinds,
) -> String {
    let mut help = vec![head];
    help.extend(
        rows.iter()
            .filter(|(k, _)| kinds.has(*k))
            .map(|(_, row)| *row),
    );
    help.push(commands);
    help.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimsolve::Limits;

    fn text(lang: Lang, mv: &Move, named: bool) -> String {
        MoveText(words(lang), &MoveWords::of_shape(mv, &[], 0), named).to_string()
    }

    #[test]
    fn moves_in_both_languages() {
        let mv = Move::Pile {
            pile: 0,
            from: Nat::from(7u64),
            to: Nat::from(1u64),
        };
        assert_eq!(text(Lang::En, &mv, false), "take 6 from pile 1 (7 → 1)");
        assert_eq!(text(Lang::En, &mv, false), mv.to_string());
        assert_eq!(text(Lang::Zh, &mv, false), "从第 1 堆取 6 个（7 → 1）");
        let both = Move::Both {
            pile: 0,
            take: Nat::from(4u64),
        };
        assert_eq!(text(Lang::En, &both, false), both.to_string());
        assert_eq!(text(Lang::Zh, &both, false), "从两堆各取 4 个");
        // In a sum, the piles are named.
        assert_eq!(
            text(Lang::En, &both, true),
            "take 4 from both piles 1 and 2"
        );
        assert_eq!(text(Lang::Zh, &both, true), "从第 1 堆和第 2 堆各取 4 个");
        let later = Move::Both {
            pile: 2,
            take: Nat::from(4u64),
        };
        assert_eq!(text(Lang::En, &later, false), later.to_string());
    }

    #[test]
    fn game_names() {
        let game = Game::new(Rules::nim(), Play::Misere, Limits::default());
        assert_eq!(words(Lang::En).game_name(&game, 3), "Nim, misère play");
        assert_eq!(
            words(Lang::Zh).game_name(&game, 3),
            "Nim，反常规则（misère）"
        );
        let bash = Game::new(
            Rules::max_take(Nat::from(3u64)).unwrap(),
            Play::Normal,
            Limits::default(),
        );
        assert_eq!(
            words(Lang::Zh).game_name(&bash, 1),
            "巴什博弈（每次取 1 到 3 个），正常规则"
        );
    }

    #[test]
    fn state_families_follow_the_notes() {
        let zh = words(Lang::Zh);
        assert_eq!(
            zh.class("N 局面", Some(ClassLabel::Nim(NimState::S2))),
            "N 局面（S2，利己态）"
        );
        assert_eq!(
            zh.class("P 局面", Some(ClassLabel::Nim(NimState::T0))),
            "P 局面（T0，利他态）"
        );
        assert!(zh.state_meaning(NimState::S1).contains("充裕堆"));
    }

    #[test]
    fn widths_count_cjk_as_two_columns() {
        assert_eq!(display_width("pile 1"), 6);
        assert_eq!(display_width("第 1 堆"), 7);
        assert_eq!(display_width("nim和"), 5);
        assert_eq!(display_width("（"), 2);
        assert_eq!(display_width("⊕ → —"), 5);
        assert_eq!(PadRight("nim和", 7).to_string(), "nim和  ");
    }

    /// The reasons no typed move or review step reaches (a move made for another position,
    /// from both piles of one pile, across components, a component of the wrong size), in
    /// both languages with the same numbers: English as the library says it, but with the
    /// game's name where the library has its spec.
    #[test]
    fn reasons_no_command_reaches_in_both_languages() {
        let n = |v: u64| Nat::from(v);
        for (reason, en, zh) in [
            (
                IllegalMove::PileHolds {
                    pile: 2,
                    holds: n(4),
                    from: n(6),
                },
                "pile 2 holds 4, not 6",
                "第 2 堆有 4 个，不是 6 个",
            ),
            (
                IllegalMove::BothNeedTwoPiles,
                "taking from both piles needs two piles",
                "从两堆同取需要两堆",
            ),
            (
                IllegalMove::AcrossComponents,
                "a move changes piles of one component only",
                "一步只能改变同一个分量里的堆",
            ),
        ] {
            assert_eq!(words(Lang::En).illegal_move(&reason), en);
            assert_eq!(words(Lang::Zh).illegal_move(&reason), zh);
        }
    }
}
