//! Property tests of the take-and-break families (octal codes, Kayles and the other named
//! codes, Grundy's game, Lasker's Nim) alone and in sums with Nim, take-1-to-K and
//! subtraction games, against the independent search of `tests/it/common/break_brute.rs`.
//!
//! Every expected value comes from that oracle, written from the move rules alone: the outcome
//! under normal and misère play, the Grundy values, the exact set of winning moves (a move is
//! a heap of a component and the multiset of heaps it leaves in its place), and the position a
//! move leaves. nimsolve is only the system under test: its JSON (`analyze`, `move`, `grundy`)
//! and its library (`Game::advise`, `Game::apply_move`, `Position::after`).
//!
//! The published facts at the end (periods of octal games, OEIS A002188, Lasker's closed form)
//! are checked against nimsolve and, where the oracle can reach them, against the oracle.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::common::break_brute::{
    BreakMove, Comp, NAMED, Oracle, Rule, apply, args, moves, tokens,
};
use crate::common::cli::{json_lines, ok, ok_json, ok_stdin};
use nimsolve::{Game, Limits, Move, Nat, Outcome, Play, Position, Rules, parse_sum};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::Value;

// ---------------------------------------------------------------------------------------------
// Random positions.
// ---------------------------------------------------------------------------------------------

/// A digit after the point: mostly octal, sometimes hexadecimal (breaks into three).
fn digit() -> impl Strategy<Value = u8> {
    prop_oneof![6 => 0..=7u8, 1 => 8..=15u8]
}

/// A code d₀.d₁…dₜ with d₀ ∈ {0, 4} and one to three digits after the point, not all zero.
fn code() -> impl Strategy<Value = Vec<u8>> {
    (
        prop_oneof![Just(0u8), Just(4u8)],
        prop::collection::vec(digit(), 1..=3),
    )
        .prop_filter_map("a code of only zeros", |(d0, rest)| {
            let mut digits = vec![d0];
            digits.extend(rest);
            digits.iter().any(|&d| d != 0).then_some(digits)
        })
}

/// A rule: a random code, a named code, Grundy's game, Lasker's Nim, or a Nim-like family.
fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        4 => code().prop_map(|digits| Rule::Octal { digits, name: None }),
        2 => prop::sample::select(NAMED.iter().map(|(k, _)| *k).collect::<Vec<_>>())
            .prop_map(Rule::named),
        1 => Just(Rule::GrundysGame),
        1 => Just(Rule::LaskersNim),
        1 => Just(Rule::Nim),
        1 => (1..=4u64).prop_map(Rule::MaxTake),
        1 => prop::collection::btree_set(1..=6u64, 1..=3)
            .prop_map(|s| Rule::Subtract(s.into_iter().collect())),
    ]
}

/// The largest heap a rule gets: `max`, or at most 20 for a rule that breaks into three.
fn cap(rule: &Rule, max: u64) -> u64 {
    if rule.breaks_in_three() {
        max.min(20)
    } else {
        max
    }
}

/// A component of 1..=`heaps` heaps, each 0..=`max` (see [`cap`]).
fn comp(max: u64, heaps: usize) -> impl Strategy<Value = Comp> {
    rule().prop_flat_map(move |rule| {
        let top = cap(&rule, max);
        prop::collection::vec(0..=top, 1..=heaps).prop_map(move |heaps| Comp {
            rule: rule.clone(),
            heaps,
        })
    })
}

/// A sum of 1..=3 components, with the largest heap lowered while the position holds more
/// than `total` tokens.
fn position(max: u64, total: u64) -> impl Strategy<Value = Vec<Comp>> {
    prop::collection::vec(comp(max, 3), 1..=3).prop_map(move |mut pos| {
        while tokens(&pos) > total {
            let (ci, hi) = pos
                .iter()
                .enumerate()
                .flat_map(|(ci, c)| c.heaps.iter().enumerate().map(move |(hi, &h)| (h, ci, hi)))
                .max()
                .map(|(_, ci, hi)| (ci, hi))
                .expect("a non-empty heap");
            pos[ci].heaps[hi] -= 1;
        }
        pos
    })
}

/// One heap of 0..=40 under a random rule.
fn single_heap() -> impl Strategy<Value = Vec<Comp>> {
    rule().prop_flat_map(|rule| {
        (0..=cap(&rule, 40)).prop_map(move |h| {
            vec![Comp {
                rule: rule.clone(),
                heaps: vec![h],
            }]
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Between the oracle and nimsolve.
// ---------------------------------------------------------------------------------------------

/// The position as one line of the position grammar.
fn line(pos: &[Comp]) -> String {
    args(pos).join(" ")
}

/// Where pile `pile` (0-based, across the whole position) lies: (component, heap within it).
fn locate(pos: &[Comp], pile: usize) -> Option<(usize, usize)> {
    let mut start = 0;
    for (ci, c) in pos.iter().enumerate() {
        if pile < start + c.heaps.len() {
            return Some((ci, pile - start));
        }
        start += c.heaps.len();
    }
    None
}

/// Where component `ci`'s first heap stands in the whole position (0-based).
fn offset(pos: &[Comp], ci: usize) -> usize {
    pos[..ci].iter().map(|c| c.heaps.len()).sum()
}

/// Every heap of the position, in order.
fn flat(pos: &[Comp]) -> Vec<u64> {
    pos.iter().flat_map(|c| c.heaps.iter().copied()).collect()
}

/// A JSON number as u64 (panics on anything else).
fn num(v: &Value) -> u64 {
    v.as_u64()
        .unwrap_or_else(|| panic!("not a small number: {v}"))
}

/// A JSON move in the oracle's terms, checking its fields: a 1-based pile across the position,
/// `from` the heap it holds, `to` (one heap left, 0 for none) or `leaves` (ascending, two or
/// more non-empty heaps), `take` what the heap loses, and `component` (1-based), also outside a sum.
fn json_move(pos: &[Comp], m: &Value) -> Result<BreakMove, TestCaseError> {
    let pile = num(&m["pile"]) as usize;
    prop_assert!(pile >= 1, "{m}: piles are numbered from 1");
    let (ci, hi) = locate(pos, pile - 1)
        .ok_or_else(|| TestCaseError::fail(format!("{m}: no pile {pile} in {pos:?}")))?;
    // Every move names its component, also in a position of one.
    prop_assert_eq!(num(&m["component"]), ci as u64 + 1, "{}", m);
    let from = num(&m["from"]);
    prop_assert_eq!(from, pos[ci].heaps[hi], "{} in {:?}", m, pos);
    let leaves: Vec<u64> = match (m.get("to"), m.get("leaves")) {
        (Some(to), None) => match num(to) {
            0 => Vec::new(),
            to => vec![to],
        },
        (None, Some(leaves)) => {
            let leaves: Vec<u64> = leaves
                .as_array()
                .expect("leaves is an array")
                .iter()
                .map(num)
                .collect();
            prop_assert!(leaves.len() >= 2, "{m}: a split leaves two heaps or more");
            prop_assert!(leaves.iter().all(|&h| h > 0), "{m}: an empty heap left");
            prop_assert!(
                leaves.windows(2).all(|w| w[0] <= w[1]),
                "{m}: not ascending"
            );
            leaves
        }
        _ => return Err(TestCaseError::fail(format!("{m}: neither to nor leaves"))),
    };
    let left: u64 = leaves.iter().sum();
    prop_assert!(left <= from, "{m}: leaves more than the heap held");
    prop_assert_eq!(num(&m["take"]), from - left, "{}", m);
    Ok(BreakMove {
        component: ci,
        heap: hi,
        leaves,
    })
}

/// The winning moves of a JSON answer as a set, none listed twice.
fn json_winning(pos: &[Comp], answer: &Value) -> Result<BTreeSet<BreakMove>, TestCaseError> {
    let mut set = BTreeSet::new();
    for m in answer["winning_moves"].as_array().expect("winning_moves") {
        let mv = json_move(pos, m)?;
        prop_assert!(set.insert(mv), "{m} listed twice in {answer}");
    }
    Ok(set)
}

/// nimsolve's answers to the positions, one batch through standard input.
fn batch(positions: &[Vec<Comp>], flags: &[&str]) -> Vec<Value> {
    let mut input = String::new();
    for pos in positions {
        writeln!(input, "{}", line(pos)).unwrap();
    }
    let mut argv = vec!["analyze", "--json"];
    argv.extend_from_slice(flags);
    let answers = json_lines(&ok_stdin(&argv, input.as_bytes()));
    assert_eq!(
        answers.len(),
        positions.len(),
        "one answer a line:\n{input}"
    );
    answers
}

/// The library's move of an oracle move.
fn library_move(pos: &[Comp], mv: &BreakMove) -> Move {
    let pile = offset(pos, mv.component) + mv.heap;
    let from = pos[mv.component].heaps[mv.heap];
    let left: u64 = mv.leaves.iter().sum();
    match mv.leaves.len() {
        0 | 1 => Move::Pile {
            pile,
            from: Nat::from(from),
            to: Nat::from(left),
        },
        _ => Move::Split {
            pile,
            from: Nat::from(from),
            take: Nat::from(from - left),
            leaves: mv.leaves.iter().map(|&h| Nat::from(h)).collect(),
        },
    }
}

/// A library move in the oracle's terms (`None` for one from both piles).
fn oracle_move(pos: &[Comp], mv: &Move) -> Option<BreakMove> {
    let (pile, leaves) = match mv {
        Move::Pile { pile, to, .. } => (
            *pile,
            vec![to.to_u64()?].into_iter().filter(|&h| h > 0).collect(),
        ),
        Move::Split { pile, leaves, .. } => {
            let mut l: Vec<u64> = leaves.iter().map(|h| h.to_u64()).collect::<Option<_>>()?;
            l.sort_unstable();
            (*pile, l)
        }
        Move::Both { .. } | Move::To { .. } => return None,
    };
    let (component, heap) = locate(pos, pile)?;
    Some(BreakMove {
        component,
        heap,
        leaves,
    })
}

/// The library's position of an oracle position, read from its line.
fn library_position(pos: &[Comp]) -> Position {
    parse_sum(&line(pos), &Rules::nim()).unwrap_or_else(|e| panic!("{}: {e}", line(pos)))
}

/// A library position's components: each one's spec and heaps.
fn library_comps(p: &Position) -> Vec<(String, Vec<u64>)> {
    p.components()
        .map(|c| {
            (
                c.rules.spec(),
                c.piles.iter().map(|h| h.to_u64().expect("small")).collect(),
            )
        })
        .collect()
}

/// The same for an oracle position (specs as nimsolve writes them, from the library's rules).
fn oracle_comps(pos: &[Comp]) -> Vec<(String, Vec<u64>)> {
    pos.iter()
        .map(|c| {
            let rules = Rules::parse(&c.rule.spec()).expect("a spec nimsolve reads");
            (rules.spec(), c.heaps.clone())
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The properties.
// ---------------------------------------------------------------------------------------------

/// Largest position (in tokens) whose normal-play answer is also searched over its whole game
/// tree, as a check of the oracle's heap values against its game-tree search.
const SEARCHED: u64 = 14;

/// Normal play: outcome, Grundy value, each component's and each pile's value, and the exact
/// set of winning moves.
fn check_normal(oracle: &mut Oracle, pos: &[Comp], answer: &Value) -> Result<(), TestCaseError> {
    let g = oracle.xor_grundy(pos);
    let want = oracle.xor_winning_moves(pos);
    if tokens(pos) <= SEARCHED {
        // The oracle against itself: heap values by mex and xor, against the game tree.
        prop_assert_eq!(oracle.wins(pos, false), g != 0, "oracle on {:?}", pos);
        prop_assert_eq!(oracle.whole_grundy(pos), g, "oracle on {:?}", pos);
        prop_assert_eq!(
            &oracle.winning_moves(pos, false),
            &want,
            "oracle on {:?}",
            pos
        );
    }
    let l = line(pos);
    prop_assert_eq!(
        answer["outcome"].as_str(),
        Some(if g != 0 { "N" } else { "P" }),
        "outcome of {}: {}",
        l,
        answer
    );
    prop_assert_eq!(
        num(&answer["grundy"]),
        g,
        "Grundy value of {}: {}",
        l,
        answer
    );
    if pos.len() == 1 {
        let piles: Vec<u64> = answer["pile_grundy"]
            .as_array()
            .expect("pile_grundy of one component")
            .iter()
            .map(num)
            .collect();
        let want_piles: Vec<u64> = pos[0]
            .heaps
            .iter()
            .map(|&h| oracle.heap_grundy(&pos[0].rule, h))
            .collect();
        prop_assert_eq!(piles, want_piles, "pile values of {}: {}", l, answer);
    } else {
        let comps = answer["components"].as_array().expect("components");
        prop_assert_eq!(comps.len(), pos.len(), "{}", answer);
        for (c, v) in pos.iter().zip(comps) {
            let want_c = oracle.xor_grundy(std::slice::from_ref(c));
            prop_assert_eq!(num(&v["grundy"]), want_c, "component {:?} of {}", c, l);
            let piles: Vec<u64> = v["piles"].as_array().unwrap().iter().map(num).collect();
            prop_assert_eq!(&piles, &c.heaps, "{}", l);
        }
    }
    let got = json_winning(pos, answer)?;
    prop_assert_eq!(&got, &want, "winning moves of {}: {}", l, answer);
    Ok(())
}

/// Misère play: outcome and the exact set of winning moves, by the oracle's game-tree search.
fn check_misere(oracle: &mut Oracle, pos: &[Comp], answer: &Value) -> Result<(), TestCaseError> {
    let l = line(pos);
    let wins = oracle.wins(pos, true);
    prop_assert_eq!(
        answer["outcome"].as_str(),
        Some(if wins { "N" } else { "P" }),
        "misère outcome of {}: {}",
        l,
        answer
    );
    prop_assert_eq!(answer["play"].as_str(), Some("misere"));
    let got = json_winning(pos, answer)?;
    let want = oracle.winning_moves(pos, true);
    prop_assert_eq!(&got, &want, "misère winning moves of {}: {}", l, answer);
    Ok(())
}

/// The library's advice under `play` is a winning move in an N-position and a legal one in a
/// P-position; the position after it, by `Game::apply_move` and `Position::after`, has the
/// heaps the move leaves in the pile's place, every component keeping its own heaps.
fn check_advice(oracle: &mut Oracle, pos: &[Comp], play: Play) -> Result<(), TestCaseError> {
    let misere = play == Play::Misere;
    let p = library_position(pos);
    let game = Game::new(Rules::nim(), play, Limits::default());
    let advice = game
        .advise(&p)
        .map_err(|e| TestCaseError::fail(format!("{}: {e}", line(pos))))?;
    let wins = oracle.wins(pos, misere);
    let winning = oracle.winning_moves(pos, misere);
    let legal = moves(pos);
    prop_assert_eq!(advice.analysis.outcome, Outcome::from_to_move_wins(wins));
    let Some(mv) = &advice.suggestion else {
        prop_assert!(legal.is_empty(), "{}: no move suggested", line(pos));
        return Ok(());
    };
    let b = oracle_move(pos, mv)
        .ok_or_else(|| TestCaseError::fail(format!("{}: suggestion {mv:?}", line(pos))))?;
    prop_assert!(legal.contains(&b), "{}: {mv:?} is not legal", line(pos));
    if wins {
        prop_assert!(
            winning.contains(&b),
            "{} ({play:?}): {mv:?} does not win; winning: {winning:?}",
            line(pos)
        );
    }
    let after = game
        .apply_move(&p, mv)
        .map_err(|e| TestCaseError::fail(format!("{}: {mv:?}: {e}", line(pos))))?;
    prop_assert_eq!(Ok(after.clone()), p.after(mv));
    let want = apply(pos, &b);
    prop_assert_eq!(
        after
            .piles()
            .iter()
            .map(|h| h.to_u64().unwrap())
            .collect::<Vec<_>>(),
        flat(&want)
    );
    prop_assert_eq!(
        library_comps(&after),
        oracle_comps(&want),
        "{} after {:?}",
        line(pos),
        mv
    );
    Ok(())
}

/// Every move of the oracle is accepted and leaves the oracle's position; every other way of
/// taking from a heap and leaving up to three heaps is refused.
fn check_legality(pos: &[Comp]) -> Result<(), TestCaseError> {
    let p = library_position(pos);
    let game = Game::new(Rules::nim(), Play::Normal, Limits::default());
    let legal: BTreeSet<BreakMove> = moves(pos).into_iter().collect();
    for b in &legal {
        let mv = library_move(pos, b);
        let after = game.apply_move(&p, &mv);
        prop_assert!(after.is_ok(), "{}: {mv:?} refused: {after:?}", line(pos));
        prop_assert_eq!(library_comps(&after.unwrap()), oracle_comps(&apply(pos, b)));
    }
    for (ci, c) in pos.iter().enumerate() {
        for (hi, &h) in c.heaps.iter().enumerate() {
            for take in 0..=h {
                for parts in 0..=3usize {
                    if take == 0 && parts < 2 {
                        continue;
                    }
                    crate::common::break_brute::partitions(h - take, parts, &mut |leaves| {
                        let b = BreakMove {
                            component: ci,
                            heap: hi,
                            leaves: leaves.to_vec(),
                        };
                        if !legal.contains(&b) {
                            let mv = library_move(pos, &b);
                            assert!(
                                game.apply_move(&p, &mv).is_err(),
                                "{}: the illegal {mv:?} is accepted",
                                line(pos)
                            );
                        }
                    });
                }
            }
        }
    }
    Ok(())
}

/// `nimsolve move --json`: in an N-position a winning move, and `after` the piles it leaves.
fn check_cli_move(oracle: &mut Oracle, pos: &[Comp], misere: bool) -> Result<(), TestCaseError> {
    let mut argv = vec!["move".to_string(), "--json".to_string()];
    if misere {
        argv.push("--misere".into());
    }
    argv.extend(args(pos));
    let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
    let answer = ok_json(&argv);
    let wins = oracle.wins(pos, misere);
    prop_assert_eq!(
        answer["outcome"].as_str(),
        Some(if wins { "N" } else { "P" }),
        "{}",
        answer
    );
    if moves(pos).is_empty() {
        // No move is left (under misère play the player to move has won): none is suggested.
        prop_assert!(answer.get("move").is_none_or(Value::is_null), "{answer}");
        prop_assert_eq!(answer["winning"].as_bool(), Some(false), "{}", answer);
        return Ok(());
    }
    prop_assert_eq!(answer["winning"].as_bool(), Some(wins), "{}", answer);
    let b = json_move(pos, &answer["move"])?;
    prop_assert!(moves(pos).contains(&b), "{}: not legal", answer);
    if wins {
        prop_assert!(
            oracle.winning_moves(pos, misere).contains(&b),
            "{}: the move does not win",
            answer
        );
    }
    let after: Vec<u64> = answer["after"]
        .as_array()
        .unwrap()
        .iter()
        .map(num)
        .collect();
    prop_assert_eq!(after, flat(&apply(pos, &b)), "{}", answer);
    Ok(())
}

// nimsolve's first table of a code is 2^14 entries, in which it seeks a period: most of these
// properties' time is that, a fraction of a second a code in the test profile, so the batches
// are few and each holds several positions.
proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Single heaps up to 40 under every family, normal play (eight a batch).
    #[test]
    fn single_heaps_normal_play(heaps in prop::collection::vec(single_heap(), 8)) {
        let answers = batch(&heaps, &[]);
        let mut oracle = Oracle::new();
        for (pos, answer) in heaps.iter().zip(&answers) {
            check_normal(&mut oracle, pos, answer)?;
        }
    }

    /// Sums of one to three components mixing the families, heaps up to 40, normal play.
    #[test]
    fn sums_normal_play(sums in prop::collection::vec(position(40, 90), 6)) {
        let answers = batch(&sums, &[]);
        let mut oracle = Oracle::new();
        for (pos, answer) in sums.iter().zip(&answers) {
            check_normal(&mut oracle, pos, answer)?;
        }
    }

    /// Small sums, normal play, each also searched over its whole game tree.
    #[test]
    fn small_sums_normal_play(sums in prop::collection::vec(position(9, SEARCHED), 6)) {
        let answers = batch(&sums, &[]);
        let mut oracle = Oracle::new();
        for (pos, answer) in sums.iter().zip(&answers) {
            check_normal(&mut oracle, pos, answer)?;
        }
    }

    /// Misère play with the search switched off (`--search-limit 0`): a sum the theory
    /// decides (the misère Nim rule, heaps proven tame by the quotient check) must have the
    /// oracle's outcome and exact set of winning moves; any other is refused for the search it
    /// would need, never guessed. Sums of Nim and take-at-most-K heaps are always decided.
    #[test]
    fn misere_theory_with_the_search_off(sums in prop::collection::vec(position(9, 14), 6)) {
        let mut oracle = Oracle::new();
        for pos in &sums {
            let mut argv = vec![
                "analyze".to_string(),
                "--json".into(),
                "--misere".into(),
                "--search-limit".into(),
                "0".into(),
            ];
            argv.extend(args(pos));
            let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
            let run = crate::common::cli::run(&argv, b"");
            let nim_like = pos
                .iter()
                .all(|c| matches!(c.rule, Rule::Nim | Rule::MaxTake(_)));
            if run.code == Some(0) {
                let answer: Value = serde_json::from_str(run.stdout.trim()).unwrap();
                prop_assert_ne!(answer["decided_by"].as_str(), Some("exhaustive_search"));
                check_misere(&mut oracle, pos, &answer)?;
            } else {
                prop_assert!(!nim_like, "{}: refused: {}", line(pos), run.stderr);
                prop_assert_eq!(run.code, Some(2));
                prop_assert!(
                    run.stderr.contains("needs an exhaustive search"),
                    "{}: {}",
                    line(pos),
                    run.stderr
                );
            }
        }
    }

    /// Small sums under misère play: outcome and winning moves by exhaustive search.
    #[test]
    fn small_sums_misere_play(sums in prop::collection::vec(position(9, 14), 6)) {
        let answers = batch(&sums, &["--misere"]);
        let mut oracle = Oracle::new();
        for (pos, answer) in sums.iter().zip(&answers) {
            check_misere(&mut oracle, pos, answer)?;
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// The library's advice and the position after it, normal and misère play.
    #[test]
    fn advice_and_the_position_after(
        pos in position(9, 14),
        misere in any::<bool>(),
    ) {
        let mut oracle = Oracle::new();
        let play = if misere { Play::Misere } else { Play::Normal };
        check_advice(&mut oracle, &pos, play)?;
    }

    /// Which moves the library accepts, and what they leave.
    #[test]
    fn legal_and_illegal_moves(pos in position(10, 24)) {
        check_legality(&pos)?;
    }

    /// `nimsolve move --json`, normal play on heaps up to 40 and misère play on small sums.
    #[test]
    fn cli_move(pos in position(40, 60), small in position(9, 12), misere in any::<bool>()) {
        let mut oracle = Oracle::new();
        if misere {
            check_cli_move(&mut oracle, &small, true)?;
        } else if tokens(&pos) <= SEARCHED {
            check_cli_move(&mut oracle, &pos, false)?;
        } else {
            // Beyond the whole-tree search: winning means leaving the heaps' xor 0.
            let answer = {
                let mut argv = vec!["move".to_string(), "--json".to_string()];
                argv.extend(args(&pos));
                let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
                ok_json(&argv)
            };
            let g = oracle.xor_grundy(&pos);
            prop_assert_eq!(answer["winning"].as_bool(), Some(g != 0), "{}", answer);
            if !moves(&pos).is_empty() {
                let b = json_move(&pos, &answer["move"])?;
                prop_assert!(moves(&pos).contains(&b), "{}", answer);
                if g != 0 {
                    prop_assert!(oracle.xor_winning_moves(&pos).contains(&b), "{}", answer);
                }
                let after: Vec<u64> = answer["after"].as_array().unwrap().iter().map(num).collect();
                prop_assert_eq!(after, flat(&apply(&pos, &b)), "{}", answer);
            }
        }
    }
}

/// The named codes with their published preperiod and period.
const PERIODIC: &[(&str, &str, u64, u64)] = &[
    ("kayles", "0.77", 71, 12),
    ("dawsons-kayles", "0.07", 53, 34),
    ("dawsons-chess", "0.137", 52, 34),
];

/// A heap's value under a code of known preperiod and period: by mex below the preperiod and
/// through one period, then by the period.
fn periodic_value(oracle: &mut Oracle, rule: &Rule, pre: u64, per: u64, n: &BigUint) -> u64 {
    let pre_big = BigUint::from(pre);
    let h = if *n < pre_big {
        n.to_u64().expect("small")
    } else {
        pre + ((n - &pre_big) % per).to_u64().expect("small")
    };
    oracle.heap_grundy(rule, h)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// Heaps past the first table of the named codes (2^14 entries), where nimsolve answers
    /// from the proven period: the value and every winning move, against the oracle's
    /// options with the published period.
    #[test]
    fn large_heaps_of_the_named_codes(
        which in 0..PERIODIC.len(),
        heap in 16_385..=60_000u64,
    ) {
        let (spec, code, pre, per) = PERIODIC[which];
        let rule = Rule::octal(code);
        let mut oracle = Oracle::new();
        let value = |oracle: &mut Oracle, h: u64| {
            periodic_value(oracle, &rule, pre, per, &BigUint::from(h))
        };
        let g = value(&mut oracle, heap);
        let mut want = BTreeSet::new();
        for leaves in rule.options(heap) {
            if leaves.iter().fold(0, |x, &h| x ^ value(&mut oracle, h)) == 0 {
                want.insert(BreakMove { component: 0, heap: 0, leaves });
            }
        }
        let heap_text = heap.to_string();
        let answer = ok_json(&["analyze", "--json", spec, &heap_text]);
        prop_assert_eq!(num(&answer["grundy"]), g, "{} {}", spec, heap);
        let pos = vec![Comp { rule: Rule::named(spec), heaps: vec![heap] }];
        prop_assert_eq!(&json_winning(&pos, &answer)?, &want, "{} {}", spec, heap);
    }
}

// ---------------------------------------------------------------------------------------------
// Published facts.
// ---------------------------------------------------------------------------------------------

/// `nimsolve grundy --game SPEC --upto N --json`, with the default table limit (ten million
/// entries, enough for every period proven here).
fn sequence(spec: &str, upto: u64) -> Value {
    let upto = upto.to_string();
    ok_json(&["grundy", "--game", spec, "--upto", &upto, "--json"])
}

/// The same with a table limit of `limit` entries. A game of which no period is known (Grundy's
/// game) has its table grown to the limit in search of one before the values are printed, which
/// at the default limit takes minutes in the test profile.
fn sequence_within(spec: &str, upto: u64, limit: u64) -> Value {
    let (upto, limit) = (upto.to_string(), limit.to_string());
    ok_json(&[
        "grundy",
        "--game",
        spec,
        "--upto",
        &upto,
        "--table-limit",
        &limit,
        "--json",
    ])
}

/// The values of a `grundy --json` answer.
fn values(answer: &Value) -> Vec<u64> {
    answer["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(num)
        .collect()
}

/// The preperiod and period nimsolve proves for `spec`.
fn period(spec: &str) -> (u64, u64) {
    let answer = sequence(spec, 10);
    let (pre, per) = (num(&answer["preperiod"]), num(&answer["period"]));
    assert_eq!(num(&answer["proof"]["from"]), pre, "{answer}");
    assert_eq!(num(&answer["proof"]["repeats_at"]), pre + per, "{answer}");
    (pre, per)
}

/// The oracle's values g(0..=n) of `rule`.
fn oracle_values(rule: &Rule, n: u64) -> Vec<u64> {
    let mut oracle = Oracle::new();
    (0..=n).map(|h| oracle.heap_grundy(rule, h)).collect()
}

/// Whether `g` repeats with period `per` from `pre` on, over the values computed, and neither
/// an earlier start nor a shorter period (dividing it or not) does.
fn least_period_in(g: &[u64], pre: usize, per: usize) -> bool {
    let holds = |pre: usize, per: usize| (pre..g.len() - per).all(|n| g[n + per] == g[n]);
    holds(pre, per) && (pre == 0 || !holds(pre - 1, per)) && (1..per).all(|q| !holds(pre, q))
}

#[test]
fn kayles_and_dawsons_games_periods() {
    for &(spec, code, pre, per) in PERIODIC {
        assert_eq!(period(spec), (pre, per), "{spec}");
        assert_eq!(period(&format!("octal:{code}")), (pre, per), "octal:{code}");
        // The values nimsolve prints are the oracle's, far past the preperiod, and the oracle
        // sees the same least period over them.
        let upto = 2 * pre + 3 * per + 10;
        let want = oracle_values(&Rule::octal(code), upto);
        assert_eq!(values(&sequence(spec, upto)), want, "{spec}");
        assert!(least_period_in(&want, pre as usize, per as usize), "{spec}");
    }
}

#[test]
fn grundys_game_first_values_are_oeis_a002188() {
    let want = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
    ];
    assert_eq!(values(&sequence_within("grundys-game", 29, 1000)), want);
    assert_eq!(oracle_values(&Rule::GrundysGame, 29), want);
    // And on, as far as the oracle goes quickly.
    assert_eq!(
        values(&sequence_within("grundys-game", 300, 1000)),
        oracle_values(&Rule::GrundysGame, 300)
    );
}

#[test]
fn octal_0_156_kenyon() {
    assert_eq!(period("octal:0.156"), (3479, 349));
}

#[test]
fn octal_0_16_0_56_0_127_long_preperiods() {
    for (code, pre, per) in [
        ("0.16", 105351, 149459),
        ("0.56", 326640, 144),
        ("0.127", 46578, 4),
    ] {
        assert_eq!(period(&format!("octal:{code}")), (pre, per), "octal:{code}");
    }
}

/// Lasker's Nim's closed form.
fn lasker(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

#[test]
fn laskers_nim_closed_form_against_the_mex() {
    let g = oracle_values(&Rule::LaskersNim, 299);
    for (n, &v) in g.iter().enumerate() {
        assert_eq!(v, lasker(n as u64), "g({n})");
    }
    assert_eq!(values(&sequence("laskers-nim", 299)), g);
}

#[test]
fn laskers_nim_heap_of_ten_to_the_hundred() {
    let heap = format!("1{}", "0".repeat(100));
    // 10^100 = 4k + 4: its value is 10^100 − 1.
    let value = "9".repeat(100);
    let answer = ok_json(&["grundy", "--game", "laskers-nim", "--json", &heap]);
    assert_eq!(answer["values"][0]["pile"].to_string(), heap);
    assert_eq!(answer["values"][0]["grundy"].to_string(), value);
    assert_eq!(
        ok(&["grundy", "--game", "laskers-nim", &heap]).trim(),
        format!("g({heap}) = {value}")
    );
    // With a Nim heap of 5 beside it, the move nimsolve plays leaves the values' xor 0.
    let answer = ok_json(&["move", "--json", "laskers-nim", &heap, "+", "nim", "5"]);
    assert_eq!(answer["winning"].as_bool(), Some(true), "{answer}");
    assert_eq!(
        answer["components"][0]["grundy"].to_string(),
        value,
        "{answer}"
    );
    let after: Vec<BigUint> = answer["after"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.to_string().parse().expect("a number"))
        .collect();
    // What is left of Lasker's heap (one heap or a split's), then the Nim heap.
    let (nim, lasker_heaps) = after.split_last().unwrap();
    let x = lasker_heaps
        .iter()
        .fold(nim.clone(), |x, h| x ^ lasker_big(h));
    assert_eq!(x, BigUint::ZERO, "{answer}");
}

/// Lasker's closed form at any size.
fn lasker_big(n: &BigUint) -> BigUint {
    let one = BigUint::from(1u8);
    match (n % 4u8).to_u8() {
        Some(0) if *n > BigUint::ZERO => n - one,
        Some(3) => n + one,
        _ => n.clone(),
    }
}

#[test]
fn named_codes_on_heaps_past_64_bits() {
    // 10^30 + r: `move` plays a move that leaves the heaps' values xor 0 (by the published
    // period), or says the position is lost when the heap's value is 0.
    let base = BigUint::from(10u8).pow(30);
    for &(spec, code, pre, per) in PERIODIC {
        let rule = Rule::octal(code);
        let mut oracle = Oracle::new();
        for r in 0..per {
            let heap = &base + r;
            let text = heap.to_string();
            let answer = ok_json(&["move", "--json", spec, &text]);
            let g = periodic_value(&mut oracle, &rule, pre, per, &heap);
            assert_eq!(
                answer["winning"].as_bool(),
                Some(g != 0),
                "{spec} {text}: {answer}"
            );
            let mv = &answer["move"];
            assert_eq!(mv["from"].to_string(), text, "{answer}");
            let left: Vec<BigUint> = match (mv.get("to"), mv.get("leaves")) {
                (Some(to), None) => vec![to.to_string().parse().unwrap()],
                (None, Some(l)) => l
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|h| h.to_string().parse().unwrap())
                    .collect(),
                _ => panic!("{answer}"),
            };
            let total = left.iter().fold(BigUint::ZERO, |s, h| s + h);
            let take: BigUint = mv["take"].to_string().parse().unwrap();
            assert_eq!(&total + &take, heap, "{answer}");
            assert!(take <= BigUint::from(3u8), "{answer}");
            let after: Vec<String> = answer["after"]
                .as_array()
                .unwrap()
                .iter()
                .map(Value::to_string)
                .collect();
            let left_text: Vec<String> = left.iter().map(BigUint::to_string).collect();
            assert_eq!(after, left_text, "{answer}");
            if g != 0 {
                let x = left.iter().filter(|h| **h > BigUint::ZERO).fold(0, |x, h| {
                    x ^ periodic_value(&mut oracle, &rule, pre, per, h)
                });
                assert_eq!(x, 0, "{spec} {text}: {answer}");
            }
        }
    }
}

/// Fails: `analyze` refuses a Lasker's Nim heap of 10^100 ("listing every winning move needs up
/// to more than 2^64 steps"), although its value has a closed form, and `analyze -q` (which
/// lists nothing) refuses it too.
#[test]
fn laskers_nim_heap_of_ten_to_the_hundred_analyzed() {
    let heap = format!("1{}", "0".repeat(100));
    let answer = ok_json(&["analyze", "--json", "laskers-nim", &heap]);
    assert_eq!(answer["grundy"].to_string(), "9".repeat(100), "{answer}");
    assert_eq!(answer["outcome"].as_str(), Some("N"), "{answer}");
    let run = crate::common::cli::run(&["analyze", "-q", "laskers-nim", &heap], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

/// The human line of `move` lays the position after a split out by component: the split's
/// heaps stay in their component, and the components after it follow whole.
#[test]
fn move_lays_out_the_position_after_a_split_by_component() {
    assert_eq!(
        ok(&["move", "kayles", "7", "+", "nim", "5"]),
        "take 1 from pile 1 (7 → 1 + 5) → kayles 1 5 + 5: a winning move (N-position, Kayles + Nim, normal play)\n"
    );
    assert_eq!(
        ok(&["move", "kayles", "7", "+", "grundys-game", "9"]),
        "take 2 from pile 1 (7 → 2 + 3) → kayles 2 3 + grundys-game 9: a winning move (N-position, Kayles + Grundy's game, normal play)\n"
    );
}

/// `grundy PILE` printed only `g(PILE) = …` and its JSON only the value, though the answer for a
/// heap past the table comes from a proven period: both now give the preperiod, the period and
/// the proof (0.156, Kenyon's preperiod 3479 and period 349, by Guy–Smith with t = 3).
#[test]
fn grundy_of_a_pile_shows_the_period_it_proved() {
    let heap = 1_000_000_000u64;
    let mut oracle = Oracle::new();
    let want = periodic_value(
        &mut oracle,
        &Rule::octal("0.156"),
        3479,
        349,
        &BigUint::from(heap),
    );
    let heap = heap.to_string();
    let answer = ok_json(&["grundy", "--game", "octal:0.156", "--json", &heap]);
    assert_eq!(num(&answer["values"][0]["grundy"]), want, "{answer}");
    assert_eq!(num(&answer["preperiod"]), 3479, "{answer}");
    assert_eq!(num(&answer["period"]), 349, "{answer}");
    assert_eq!(answer["proof"]["theorem"], "guy-smith", "{answer}");
    assert_eq!(num(&answer["proof"]["last_take"]), 3, "{answer}");
    assert_eq!(num(&answer["proof"]["window"]), 3479 + 349 + 3, "{answer}");
    let human = ok(&["grundy", "--game", "octal:0.156", &heap]);
    let lines: Vec<&str> = human.lines().collect();
    assert_eq!(lines[0], format!("g({heap}) = {want}"));
    assert!(
        lines[1].contains("preperiod 3479 and period 349"),
        "{human}"
    );
    assert!(lines[1].contains("Guy–Smith"), "{human}");
    assert_eq!(lines.len(), 2, "{human}");
    // Nim has a closed form and no proven period to show.
    let answer = ok_json(&["grundy", "--json", "5"]);
    assert_eq!(answer.get("period"), None, "{answer}");
}

/// `grundy --upto` said "No period is known" when a period was sought in the values computed
/// and none was proven there: it now says how many values were checked (`checked`, with
/// `"period":null`), and says no period is sought for a game no theorem here proves one for.
#[test]
fn grundy_upto_says_how_many_values_were_checked_for_a_period() {
    let answer = sequence_within("octal:0.161", 10, 3000);
    assert_eq!(num(&answer["checked"]), 3000, "{answer}");
    assert_eq!(answer["period"], Value::Null, "{answer}");
    let human = ok(&[
        "grundy",
        "--game",
        "octal:0.161",
        "--table-limit",
        "3000",
        "--upto",
        "10",
    ]);
    assert!(
        human.contains("3000 values checked, g(0) to g(2999)"),
        "{human}"
    );
    let zh = ok(&[
        "--lang",
        "zh",
        "grundy",
        "--game",
        "octal:0.161",
        "--table-limit",
        "3000",
        "--upto",
        "10",
    ]);
    assert!(zh.contains("已检查的 3000 个值"), "{zh}");
    // Grundy's game: no period is sought, so nothing is said to be checked.
    let answer = sequence_within("grundys-game", 10, 1000);
    assert_eq!(answer.get("checked"), None, "{answer}");
    assert_eq!(answer.get("period"), None, "{answer}");
}

/// `grundy --game octal:0.161 10000001` refused naming the limit twice ("within its 10000000
/// entries (the table limit 10000000)"): the limit is named once, the flag that raises it once.
#[test]
fn grundy_beyond_the_table_limit_names_the_limit_once() {
    let run = crate::common::cli::run(
        &[
            "grundy",
            "--game",
            "octal:0.161",
            "--table-limit",
            "3000",
            "3001",
        ],
        b"",
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "nimsolve: error: pile 3001 lies beyond the Grundy table's 3000 entries (the table limit), and they prove no period (raise it with --table-limit)\n"
    );
    assert_eq!(run.stderr.matches("3000").count(), 1, "{}", run.stderr);
    assert_eq!(
        run.stderr.matches("table limit").count(),
        1,
        "{}",
        run.stderr
    );
    assert_eq!(
        run.stderr.matches("--table-limit").count(),
        1,
        "{}",
        run.stderr
    );
}

/// `random --losing --game officers --max 100000 --count 1000` ran for minutes: each try
/// analysed a whole position (listing its winning moves), and after 64 tries one was mended.
/// Positions are now drawn from the heaps' Grundy values: every one is a P-position by the
/// oracle's values, a seed gives the same positions, and each P-position of two heaps up to 6
/// of Kayles comes about equally often (uniform among the P-positions, as drawing whole
/// positions until one is lost would give).
#[test]
fn random_losing_take_and_break_positions_are_drawn_from_the_grundy_values() {
    let mut oracle = Oracle::new();
    let officers = Rule::named("officers");
    let args = [
        "random", "--losing", "--game", "officers", "--max", "100000", "--count", "1000", "--seed",
        "11",
    ];
    let heaps_of = |line: &str| -> Vec<u64> {
        line.strip_prefix("officers ")
            .unwrap_or_else(|| panic!("{line}"))
            .split(' ')
            .map(|h| h.parse().expect("a heap"))
            .collect()
    };
    let out = ok(&args);
    assert_eq!(out, ok(&args), "a seed gives the same positions");
    assert_eq!(out.lines().count(), 1000);
    for line in out.lines() {
        let heaps = heaps_of(line);
        assert!((3..=5).contains(&heaps.len()), "{line}");
        assert!(heaps.iter().all(|&h| (1..=100_000).contains(&h)), "{line}");
    }
    // Heaps the oracle reaches quickly: every position is lost by its values.
    let small = ok(&[
        "random", "--losing", "--game", "officers", "--max", "300", "--count", "300", "--seed",
        "12",
    ]);
    for line in small.lines() {
        let x = heaps_of(line)
            .iter()
            .fold(0, |x, &h| x ^ oracle.heap_grundy(&officers, h));
        assert_eq!(x, 0, "{line}");
    }
    let analysed = ok_stdin(&["analyze", "--json"], &out);
    assert!(
        analysed
            .lines()
            .all(|l| serde_json::from_str::<Value>(l).unwrap()["outcome"] == "P"),
        "{analysed}"
    );

    // Kayles, two heaps of 1 to 6: g = 1 2 3 1 4 3, so 10 ordered P-positions.
    let kayles = Rule::named("kayles");
    let mut want = BTreeSet::new();
    for a in 1..=6u64 {
        for b in 1..=6u64 {
            if oracle.heap_grundy(&kayles, a) == oracle.heap_grundy(&kayles, b) {
                want.insert((a, b));
            }
        }
    }
    assert_eq!(want.len(), 10);
    let out = ok(&[
        "random", "--losing", "--game", "kayles", "--piles", "2", "--max", "6", "--count", "20000",
        "--seed", "3",
    ]);
    let mut seen = std::collections::BTreeMap::new();
    for line in out.lines() {
        let heaps: Vec<u64> = line
            .split(' ')
            .skip(1)
            .map(|h| h.parse().expect("a heap"))
            .collect();
        *seen.entry((heaps[0], heaps[1])).or_insert(0u32) += 1;
    }
    assert_eq!(seen.keys().copied().collect::<BTreeSet<_>>(), want);
    // 2000 each on average; a fair draw of 20,000 stays within 1800..2200 (4.7 standard
    // deviations) for this seed and any reasonable one.
    for (pair, count) in &seen {
        assert!(
            (1800..=2200).contains(count),
            "{pair:?} drawn {count} times: {seen:?}"
        );
    }
}

/// Digital deletions drew its practice positions apart from the Grundy values (its heaps are
/// only the numbers 1DIGITS); the draw by values now leaves the other numbers out, so every
/// drawn pile is a position, and a `--losing` draw is a P-position.
#[test]
fn random_losing_digits_positions_are_drawn_among_the_heaps_that_are_positions() {
    let drawn = ok(&[
        "random", "--losing", "--game", "digits", "--max", "20000", "--count", "40", "--seed", "5",
    ]);
    assert_eq!(drawn.lines().count(), 40);
    for line in drawn.lines() {
        let piles = line.strip_prefix("digits ").expect("the spec first");
        assert!(piles.split(' ').all(|p| p.starts_with('1')), "{line}");
    }
    let answers = json_lines(&ok_stdin(&["analyze", "--json"], &drawn));
    assert!(answers.iter().all(|a| a["outcome"] == "P"), "{answers:?}");
}

/// A repeating octal code that takes any amount and breaks in two: a heap of a million is
/// answered by the one-heap move (before any of its 2^38 breaks is scanned), and the move
/// leaves a P-position.
#[test]
fn a_huge_heap_of_a_repeating_code_is_answered_by_its_one_heap_move() {
    let v = ok_json(&["analyze", "--json", "octal:0.[7] 1000000"]);
    assert_eq!(v["outcome"], "N");
    let after = v["winning_moves"][0]["after"].as_str().unwrap().to_string();
    let w = ok_json(&["analyze", "--json", &after]);
    assert_eq!(w["outcome"], "P", "{after}");
}

/// A code whose every take may break in two costs about n³/12 steps for a table to n: beyond
/// 100 steps an entry of the table limit it is refused, naming the limit, not computed for
/// hours.
#[test]
fn a_table_of_breaks_after_any_take_is_held_to_the_table_limit() {
    let run = crate::common::cli::run(&["analyze", "octal:0.1[37] 20000"], b"");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("--table-limit"), "{}", run.stderr);
    // Within the bound it answers.
    let v = ok_json(&["analyze", "--json", "octal:0.1[37] 2000"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["grundy"].as_u64().is_some());
}
