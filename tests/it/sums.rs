//! Property tests of sums of games: positions made of several components, each under its own
//! rules (Nim, at most K per take, finite subtraction sets, powers of two, Fibonacci, Wythoff).
//!
//! Every expected value here comes only from the independent oracle in `tests/it/common/brute.rs`,
//! an exhaustive memoised search of the game tree of the WHOLE sum written from the move rules
//! alone: the outcome (who wins under normal and misère play), the whole sum's Grundy value (a
//! mex over the sum's options, never an xor of parts), each component's Grundy value, the exact
//! set of winning moves, the set of legal moves and the position each one leaves. Nothing of
//! the library is used to compute an expected value, and no theorem the library relies on
//! (Bouton, Sprague–Grundy, Wythoff) is assumed. The library's moves are translated into the
//! oracle's terms (component, pile within it, the component's piles after) and compared as
//! sets; the oracle's moves are translated back into library moves and played.
//!
//! The few fixed cases at the end (rules that must be rejected, the subtraction set {5, 2})
//! are checked against values worked out by hand from the rules, stated next to each.

use std::collections::BTreeSet;

use crate::common::brute::{
    BruteMove, Comp, Fam, apply, args, component_grundy, grundy, moves, sum, to_move_wins,
    winning_moves,
};
use crate::common::library::{constructed, nats, u64s};
use nimsolve::{
    Game, Limits, Move, Nat, Outcome, Play, Position, Rules, SubtractionSet, parse_sum,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::SeedableRng;

// ---------------------------------------------------------------------------------------------
// Between the oracle and the library.
// ---------------------------------------------------------------------------------------------

/// The limits of every game here: the default table and remoteness limits, and a search limit
/// large enough that misère play of every generated sum is searched rather than refused.
fn limits() -> Limits {
    Limits {
        search: 100_000_000,
        ..Limits::default()
    }
}

/// A game under `play` (the default rules never matter: every component names its own).
fn game(play: Play) -> Game {
    Game::new(Rules::nim(), play, limits())
}

/// The rules of a family, read from its spec in the position grammar.
fn rules_of(fam: &Fam) -> Rules {
    Rules::parse(&fam.spec()).unwrap_or_else(|e| panic!("spec {:?}: {e}", fam.spec()))
}

/// The library's position of an oracle sum, built with [`Position::sum`] from the specs.
fn position(sum: &[Comp]) -> Position {
    Position::sum(sum.iter().map(|c| (rules_of(&c.fam), nats(&c.piles))))
        .unwrap_or_else(|e| panic!("{sum:?}: {e}"))
}

/// The position's piles as machine words.
fn words(p: &Position) -> Vec<u64> {
    p.piles().iter().map(|n| n.to_u64().unwrap()).collect()
}

/// Where pile `pile` of the whole position lies: (its component, its index within it).
fn locate(sum: &[Comp], pile: usize) -> Option<(usize, usize)> {
    let mut start = 0;
    for (ci, c) in sum.iter().enumerate() {
        if pile < start + c.piles.len() {
            return Some((ci, pile - start));
        }
        start += c.piles.len();
    }
    None
}

/// Where component `ci`'s first pile stands in the whole position.
fn offset(sum: &[Comp], ci: usize) -> usize {
    sum[..ci].iter().map(|c| c.piles.len()).sum()
}

/// A library move in the oracle's terms: the component holding its first pile, the pile within
/// that component (`None` for a move from both piles), and the component's piles after it.
/// `None` when the move does not even fit the piles: no such pile, a `from` the pile does not
/// hold, nothing taken, more taken than a pile holds, or a move from both piles that does not
/// start at the first of its component's piles (so could not be a Wythoff move). Whether the
/// rules allow it is left to the oracle's list of moves.
fn to_brute(sum: &[Comp], mv: &Move) -> Option<BruteMove> {
    match mv {
        Move::Pile { pile, from, to } => {
            let (ci, i) = locate(sum, *pile)?;
            let (from, to) = (from.to_u64()?, to.to_u64()?);
            let piles = &sum[ci].piles;
            if piles[i] != from || to >= from {
                return None;
            }
            let mut after = piles.clone();
            after[i] = to;
            Some(BruteMove {
                component: ci,
                pile: Some(i),
                after,
            })
        }
        Move::Both { pile, take } => {
            let (ci, i) = locate(sum, *pile)?;
            let take = take.to_u64()?;
            let piles = &sum[ci].piles;
            if i != 0 || piles.len() < 2 || take == 0 || take > piles[0].min(piles[1]) {
                return None;
            }
            let mut after = piles.clone();
            after[0] -= take;
            after[1] -= take;
            Some(BruteMove {
                component: ci,
                pile: None,
                after,
            })
        }
        // None of the oracle's families breaks a heap (take-and-break sums have their own
        // oracle in tests/take_break.rs).
        Move::Split { .. } | Move::To { .. } => None,
    }
}

/// An oracle move as a library move, with pile numbers across the whole position.
fn to_library(sum: &[Comp], mv: &BruteMove) -> Move {
    let start = offset(sum, mv.component);
    let before = &sum[mv.component].piles;
    match mv.pile {
        Some(i) => Move::Pile {
            pile: start + i,
            from: Nat::from(before[i]),
            to: Nat::from(mv.after[i]),
        },
        None => Move::Both {
            pile: start,
            take: Nat::from(before[0] - mv.after[0]),
        },
    }
}

/// Whether the oracle allows the library move `mv` in `sum`.
fn oracle_allows(sum: &[Comp], mv: &Move) -> bool {
    to_brute(sum, mv).is_some_and(|b| moves(sum).contains(&b))
}

/// The library's winning moves in the oracle's terms, checking that each one is a legal move
/// of the sum and that none is listed twice.
fn library_winning_set(
    sum: &[Comp],
    listed: &[Move],
) -> Result<BTreeSet<BruteMove>, TestCaseError> {
    let legal: BTreeSet<BruteMove> = moves(sum).into_iter().collect();
    let mut set = BTreeSet::new();
    for mv in listed {
        let b = to_brute(sum, mv);
        prop_assert!(
            b.as_ref().is_some_and(|b| legal.contains(b)),
            "{sum:?}: the library's winning move {mv:?} is not a legal move"
        );
        let b = b.unwrap();
        prop_assert!(
            set.insert(b),
            "{sum:?}: winning move {mv:?} is listed twice"
        );
    }
    Ok(set)
}

fn is_lone_wythoff(sum: &[Comp]) -> bool {
    sum.len() == 1 && sum[0].fam == Fam::Wythoff
}

// ---------------------------------------------------------------------------------------------
// The properties.
// ---------------------------------------------------------------------------------------------

/// Normal play: outcome, the whole sum's Grundy value, the exact set of winning moves, each
/// component's value and place, and each pile's value.
fn check_normal(sum: &[Comp]) -> Result<(), TestCaseError> {
    let p = position(sum);
    let a = game(Play::Normal)
        .analyze(&p)
        .map_err(|e| TestCaseError::fail(format!("{sum:?}: {e}")))?;
    let wins = to_move_wins(sum, false);
    prop_assert_eq!(
        a.outcome,
        Outcome::from_to_move_wins(wins),
        "outcome of {:?}",
        sum
    );
    prop_assert_eq!(a.play, Play::Normal);
    prop_assert_eq!(u64s(&a.piles), words(&p));

    // The whole sum's Grundy value (a lone Wythoff component, decided by Wythoff's pairs,
    // reports it where its table is small).
    if is_lone_wythoff(sum) {
        if let Some(g) = &a.grundy {
            prop_assert_eq!(g, &Nat::from(grundy(sum)), "Grundy value of {:?}", sum);
        }
    } else {
        prop_assert_eq!(
            a.grundy.clone(),
            Some(Nat::from(grundy(sum))),
            "Grundy value of {:?}",
            sum
        );
    }

    // The winning moves, exactly.
    let got = library_winning_set(sum, &a.winning_moves)?;
    let want = winning_moves(sum, false);
    prop_assert_eq!(&got, &want, "winning moves of {:?}", sum);
    prop_assert_eq!(wins, !want.is_empty());

    // Each component: its rules, its piles' place in order, its Grundy value alone.
    if sum.len() == 1 {
        prop_assert!(a.components.is_empty(), "{sum:?}: {:?}", a.components);
    } else {
        prop_assert_eq!(a.components.len(), sum.len(), "components of {:?}", sum);
        let mut start = 0;
        for (c, v) in sum.iter().zip(&a.components) {
            prop_assert_eq!(v.rules.spec(), rules_of(&c.fam).spec());
            prop_assert_eq!(v.piles.clone(), start..start + c.piles.len(), "{:?}", sum);
            prop_assert_eq!(
                v.grundy.clone(),
                Some(Nat::from(component_grundy(c))),
                "Grundy value of component {:?} in {:?}",
                c,
                sum
            );
            start += c.piles.len();
        }
        prop_assert_eq!(start, p.piles().len());
    }

    // Each pile's value, given when every component is a heap game.
    let heaps = sum.iter().all(|c| c.fam != Fam::Wythoff);
    prop_assert_eq!(a.pile_grundy.is_some(), heaps, "pile values of {:?}", sum);
    if let Some(values) = &a.pile_grundy {
        let want: Vec<Nat> = sum
            .iter()
            .flat_map(|c| {
                c.piles.iter().map(|&pile| {
                    Nat::from(component_grundy(&Comp {
                        fam: c.fam.clone(),
                        piles: vec![pile],
                    }))
                })
            })
            .collect();
        prop_assert_eq!(values, &want, "pile values of {:?}", sum);
    }
    Ok(())
}

/// Misère play: outcome and the exact set of winning moves, with a fresh game and with one
/// whose memo is shared with every earlier case (a memo must never leak between positions).
fn check_misere(sum: &[Comp], shared: &Game) -> Result<(), TestCaseError> {
    let p = position(sum);
    let want_wins = to_move_wins(sum, true);
    let want = winning_moves(sum, true);
    for (label, g) in [("fresh", &game(Play::Misere)), ("shared", shared)] {
        let a = g
            .analyze(&p)
            .map_err(|e| TestCaseError::fail(format!("{sum:?} ({label}): {e}")))?;
        prop_assert_eq!(
            a.outcome,
            Outcome::from_to_move_wins(want_wins),
            "misère outcome of {:?} ({})",
            sum,
            label
        );
        prop_assert_eq!(a.grundy.clone(), None, "misère Grundy of {:?}", sum);
        let got = library_winning_set(sum, &a.winning_moves)?;
        prop_assert_eq!(&got, &want, "misère winning moves of {:?} ({})", sum, label);
        if sum.len() == 1 {
            prop_assert!(a.components.is_empty());
        } else {
            prop_assert_eq!(a.components.len(), sum.len());
            let mut start = 0;
            for (c, v) in sum.iter().zip(&a.components) {
                prop_assert_eq!(v.piles.clone(), start..start + c.piles.len());
                prop_assert_eq!(v.grundy.clone(), None);
                start += c.piles.len();
            }
        }
    }
    Ok(())
}

/// Misère play with the exhaustive search switched off (search limit 0): what decides is
/// theory alone (the misère Nim rule, tame heaps proven by the quotient check, misère
/// Wythoff). A sum of heap families (no Wythoff component) must be answered — every family of
/// the generator is tame on these heaps — and an answer must be the oracle's outcome and
/// exact set of winning moves; a sum with a Wythoff pair may instead be refused for the
/// search it would need, and only so.
fn check_misere_theory(sum: &[Comp]) -> Result<(), TestCaseError> {
    let p = position(sum);
    let g = Game::new(
        Rules::nim(),
        Play::Misere,
        Limits {
            search: 0,
            ..Limits::default()
        },
    );
    let heaps_only = sum.iter().all(|c| c.fam != Fam::Wythoff);
    let a = match g.analyze(&p) {
        Ok(a) => a,
        Err(e @ nimsolve::SolveError::SearchLimit { .. }) if !heaps_only => {
            prop_assert!(e.to_string().contains("exhaustive search"));
            return Ok(());
        }
        Err(e) => return Err(TestCaseError::fail(format!("{sum:?}: {e}"))),
    };
    prop_assert!(
        a.decided_by != nimsolve::Theorem::ExhaustiveSearch,
        "{sum:?}: searched with a search limit of 0"
    );
    prop_assert_eq!(
        a.outcome,
        Outcome::from_to_move_wins(to_move_wins(sum, true)),
        "misère outcome of {:?} by {:?}",
        sum,
        a.decided_by
    );
    let got = library_winning_set(sum, &a.winning_moves)?;
    prop_assert_eq!(
        &got,
        &winning_moves(sum, true),
        "misère winning moves of {:?}",
        sum
    );
    Ok(())
}

/// The advice under `play`: a winning move when the oracle says N, a legal move when it says P
/// and a move is left, nothing when no move is left; the verdict agrees with the advice.
fn check_advice(sum: &[Comp], play: Play) -> Result<(), TestCaseError> {
    let misere = play == Play::Misere;
    let p = position(sum);
    let g = game(play);
    let advice = g
        .advise(&p)
        .map_err(|e| TestCaseError::fail(format!("{sum:?}: {e}")))?;
    let legal = moves(sum);
    let wins = to_move_wins(sum, misere);
    let winning = winning_moves(sum, misere);
    prop_assert_eq!(advice.analysis.outcome, Outcome::from_to_move_wins(wins));
    match &advice.suggestion {
        None => prop_assert!(
            legal.is_empty(),
            "{sum:?} ({play:?}): no suggestion, but {} moves are legal",
            legal.len()
        ),
        Some(mv) => {
            prop_assert!(
                !legal.is_empty(),
                "{sum:?} ({play:?}): suggestion {mv:?} with no move left"
            );
            let b = to_brute(sum, mv);
            prop_assert!(
                b.as_ref().is_some_and(|b| legal.contains(b)),
                "{sum:?} ({play:?}): suggestion {mv:?} is not a legal move"
            );
            let after = g.apply_move(&p, mv);
            prop_assert!(after.is_ok(), "{sum:?}: suggestion {mv:?}: {after:?}");
            if !winning.is_empty() {
                prop_assert!(
                    winning.contains(b.as_ref().unwrap()),
                    "{sum:?} ({play:?}): suggestion {mv:?} does not win; winning: {winning:?}"
                );
            }
        }
    }
    prop_assert_eq!(advice.is_winning(), !winning.is_empty());
    let verdict = g
        .verdict(&p)
        .map_err(|e| TestCaseError::fail(format!("{sum:?}: {e}")))?;
    prop_assert_eq!(verdict.outcome, advice.analysis.outcome);
    prop_assert_eq!(verdict.winning_moves, winning.len());
    prop_assert_eq!(&verdict.suggestion, &advice.suggestion);
    Ok(())
}

/// Every oracle move is accepted and leaves the oracle's position; whether a move is left and
/// a random move agree with the oracle too.
fn check_legal_moves(sum: &[Comp], seed: u64) -> Result<(), TestCaseError> {
    let p = position(sum);
    let g = game(Play::Normal);
    let legal = moves(sum);
    for b in &legal {
        let mv = to_library(sum, b);
        let after = g.apply_move(&p, &mv);
        prop_assert!(
            after.is_ok(),
            "{sum:?}: oracle move {mv:?} rejected: {after:?}"
        );
        prop_assert_eq!(
            after.unwrap(),
            position(&apply(sum, b)),
            "{:?} after {:?}",
            sum,
            mv
        );
    }
    prop_assert_eq!(g.has_move(&p), !legal.is_empty(), "has_move {:?}", sum);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..4 {
        match g.random_move(&p, &mut rng) {
            None => prop_assert!(legal.is_empty(), "{sum:?}: no random move"),
            Some(mv) => {
                prop_assert!(
                    oracle_allows(sum, &mv),
                    "{sum:?}: random move {mv:?} is not legal"
                );
                let b = to_brute(sum, &mv).unwrap();
                prop_assert_eq!(g.apply_move(&p, &mv).ok(), Some(position(&apply(sum, &b))));
            }
        }
    }
    Ok(())
}

/// Moves each illegal for a stated reason: an amount the component's rules do not allow, more
/// than a pile holds, nothing, a pile that does not exist, a move from both piles outside
/// Wythoff's game, straddling two components, or starting at Wythoff's second pile.
fn illegal_moves(sum: &[Comp]) -> Vec<(Move, String)> {
    let mut out = Vec::new();
    let n: usize = sum.iter().map(|c| c.piles.len()).sum();
    let pile = |pile: usize, from: u64, to: u64| Move::Pile {
        pile,
        from: Nat::from(from),
        to: Nat::from(to),
    };
    let both = |pile: usize, take: u64| Move::Both {
        pile,
        take: Nat::from(take),
    };
    for (ci, c) in sum.iter().enumerate() {
        let start = offset(sum, ci);
        for (i, &p) in c.piles.iter().enumerate() {
            let at = start + i;
            // Amounts outside the rules, each at most the pile.
            let allowed = |t: u64| match &c.fam {
                Fam::Nim | Fam::Wythoff => true,
                Fam::MaxTake(k) => t <= *k,
                Fam::Finite(set) => set.contains(&t),
                Fam::PowersOfTwo => t.is_power_of_two(),
                Fam::Fibonacci => [1, 2, 3, 5, 8, 13, 21, 34].contains(&t),
            };
            for t in (1..=p).filter(|&t| !allowed(t)) {
                out.push((pile(at, p, p - t), format!("{} takes {t}", c.fam.spec())));
            }
            out.push((pile(at, p + 1, 0), "a from the pile does not hold".into()));
            out.push((pile(at, p, p), "takes nothing".into()));
        }
        if c.fam == Fam::Wythoff {
            let (a, b) = (c.piles[0], c.piles[1]);
            out.push((both(start, a.min(b) + 1), "more than a pile holds".into()));
            out.push((both(start, 0), "takes nothing from both".into()));
            if a > 0 && b > 0 {
                out.push((both(start + 1, 1), "starts at Wythoff's second pile".into()));
            }
        } else {
            for i in 0..c.piles.len().saturating_sub(1) {
                if c.piles[i] > 0 && c.piles[i + 1] > 0 {
                    out.push((
                        both(start + i, 1),
                        format!("both piles in {}", c.fam.spec()),
                    ));
                }
            }
        }
        // Straddling this component's last pile and the next component's first.
        let end = start + c.piles.len();
        if let Some(next) = sum.get(ci + 1)
            && c.piles[c.piles.len() - 1] > 0
            && next.piles[0] > 0
        {
            out.push((both(end - 1, 1), "straddles two components".into()));
        }
    }
    out.push((pile(n, 1, 0), "no such pile".into()));
    out.push((both(n, 1), "no such piles".into()));
    out.push((both(n - 1, 1), "one pile past the end".into()));
    out
}

/// Every move of [`illegal_moves`] is rejected (and the oracle agrees that it is illegal).
fn check_illegal_moves(sum: &[Comp]) -> Result<(), TestCaseError> {
    let p = position(sum);
    let g = game(Play::Normal);
    for (mv, why) in illegal_moves(sum) {
        prop_assert!(
            !oracle_allows(sum, &mv),
            "test bug: {mv:?} ({why}) is legal in {sum:?}"
        );
        let got = g.apply_move(&p, &mv);
        prop_assert!(
            got.is_err(),
            "{sum:?}: illegal move {mv:?} ({why}) accepted: {got:?}"
        );
    }
    Ok(())
}

/// An arbitrary move, legal or not, is accepted iff the oracle lists it, and then leaves the
/// oracle's position.
fn check_arbitrary_move(sum: &[Comp], raw: RawMove) -> Result<(), TestCaseError> {
    let p = position(sum);
    let g = game(Play::Normal);
    let piles = words(&p);
    let (kind_both, at, true_from, from, amount) = raw;
    let mv = if kind_both {
        Move::Both {
            pile: at,
            take: Nat::from(amount),
        }
    } else {
        let from = match piles.get(at) {
            Some(&held) if true_from => held,
            _ => from,
        };
        Move::Pile {
            pile: at,
            from: Nat::from(from),
            to: Nat::from(from.saturating_sub(amount)),
        }
    };
    let legal = oracle_allows(sum, &mv);
    let got = g.apply_move(&p, &mv);
    prop_assert_eq!(
        got.is_ok(),
        legal,
        "{:?}: move {:?} gave {:?}",
        sum,
        mv,
        got
    );
    if let Ok(after) = got {
        let b = to_brute(sum, &mv).unwrap();
        prop_assert_eq!(after, position(&apply(sum, &b)));
    }
    Ok(())
}

/// (a move from both piles?, first pile, `from` as the pile holds?, `from` otherwise, amount).
type RawMove = (bool, usize, bool, u64, u64);

fn raw_move() -> impl Strategy<Value = RawMove> {
    (
        any::<bool>(),
        0..=12usize,
        prop::bool::weighted(0.9),
        0..=7u64,
        0..=7u64,
    )
}

/// The position grammar reads the oracle's arguments as the same position, and the specs name
/// the same rules as the constructors.
fn check_grammar(sum: &[Comp]) -> Result<(), TestCaseError> {
    let text = args(sum).join(" ");
    let parsed = parse_sum(&text, &Rules::nim())
        .map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
    prop_assert_eq!(&parsed, &position(sum), "{}", text);
    let built = Position::sum(sum.iter().map(|c| (constructed(&c.fam), nats(&c.piles))))
        .map_err(|e| TestCaseError::fail(format!("{sum:?}: {e}")))?;
    prop_assert_eq!(&parsed, &built, "{}", text);
    // Components without a spec take the default rules.
    if let Some(first) = sum.first() {
        let mut bare = args(sum);
        bare.remove(0);
        let parsed = parse_sum(&bare.join(" "), &rules_of(&first.fam))
            .map_err(|e| TestCaseError::fail(format!("{bare:?}: {e}")))?;
        prop_assert_eq!(&parsed, &position(sum), "{:?}", bare);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn normal_play_agrees_with_the_oracle(s in sum(4, 5)) {
        check_normal(&s)?;
    }

    #[test]
    fn misere_play_agrees_with_the_oracle(s in sum(4, 5)) {
        static SHARED: std::sync::LazyLock<Game> =
            std::sync::LazyLock::new(|| game(Play::Misere));
        check_misere(&s, &SHARED)?;
    }

    #[test]
    fn misere_theory_agrees_with_the_oracle(s in sum(4, 6)) {
        check_misere_theory(&s)?;
    }

    #[test]
    fn advice_wins_when_the_oracle_says_n(s in sum(4, 5)) {
        check_advice(&s, Play::Normal)?;
        check_advice(&s, Play::Misere)?;
    }

    #[test]
    fn the_grammar_reads_the_same_position(s in sum(4, 5)) {
        check_grammar(&s)?;
    }

    #[test]
    fn every_oracle_move_is_legal_with_the_oracle_result(s in sum(4, 5), seed in any::<u64>()) {
        check_legal_moves(&s, seed)?;
    }

    #[test]
    fn illegal_moves_are_rejected(s in sum(4, 5)) {
        check_illegal_moves(&s)?;
    }

    #[test]
    fn a_move_is_accepted_iff_the_oracle_allows_it(s in sum(4, 5), raw in raw_move()) {
        check_arbitrary_move(&s, raw)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Fixed cases.
// ---------------------------------------------------------------------------------------------

#[test]
fn invalid_rules_are_rejected() {
    for spec in [
        "max-take:0",
        "max-take:",
        "max-take",
        "subtract:",
        "subtract:0,1",
        "subtract:1,,2",
        "nim:3",
        "wythoff:1",
        "chess",
        "subtract:5..2",
    ] {
        let got = Rules::parse(spec);
        assert!(got.is_err(), "{spec:?} gave {got:?}");
    }
    assert!(SubtractionSet::finite([]).is_err());
    assert!(SubtractionSet::finite([0, 1]).is_err());
    assert!(Rules::max_take(Nat::from(0u64)).is_err());
}

#[test]
fn a_wythoff_component_needs_exactly_two_piles() {
    for piles in [vec![3u64], vec![1, 2, 3], vec![]] {
        let alone = Position::sum([(Rules::wythoff(), nats(&piles))]);
        assert!(alone.is_err(), "wythoff {piles:?}: {alone:?}");
        let in_sum = Position::sum([
            (Rules::nim(), nats(&[1, 2])),
            (Rules::wythoff(), nats(&piles)),
        ]);
        assert!(in_sum.is_err(), "nim 1 2 + wythoff {piles:?}: {in_sum:?}");
        let text = format!(
            "1 2 + wythoff {}",
            piles
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert!(parse_sum(&text, &Rules::nim()).is_err(), "{text}");
    }
    assert!(Position::sum([(Rules::wythoff(), nats(&[1, 2]))]).is_ok());
}

/// {5, 2} given out of order: a pile of 3 can only drop to 1 (take 2), where no amount fits,
/// so 3 is an N-position whose only winning move is 3 → 1. Grundy values: g(0) = g(1) = 0,
/// g(2) = mex{g(0)} = 1, g(3) = mex{g(1)} = 1.
#[test]
fn an_unsorted_subtraction_set_answers_pile_3() {
    let rules = Rules::subtract(SubtractionSet::finite([5, 2]).unwrap());
    assert_eq!(rules, Rules::parse("subtract:2,5").unwrap());
    for rules in [rules, Rules::parse("subtract:5,2").unwrap()] {
        let p = Position::new(rules.clone(), nats(&[3])).unwrap();
        let g = game(Play::Normal);
        let a = g.analyze(&p).unwrap();
        assert_eq!(a.outcome, Outcome::N, "{rules}");
        assert_eq!(a.grundy, Some(Nat::from(1u64)), "{rules}");
        let take_two = Move::Pile {
            pile: 0,
            from: Nat::from(3u64),
            to: Nat::from(1u64),
        };
        assert_eq!(a.winning_moves, vec![take_two.clone()], "{rules}");
        let advice = g.advise(&p).unwrap();
        assert_eq!(advice.suggestion, Some(take_two.clone()), "{rules}");
        assert_eq!(take_two.to_string(), "take 2 from pile 1 (3 → 1)");
        // Misère: after 3 → 1 the opponent cannot move and wins, so 3 loses.
        let misere = game(Play::Misere).analyze(&p).unwrap();
        assert_eq!(misere.outcome, Outcome::P, "{rules}");
        assert!(misere.winning_moves.is_empty());
    }
}
