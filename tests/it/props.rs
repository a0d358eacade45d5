//! Property tests: the library against an independent exhaustive game-tree search.
//!
//! Everything the library is compared with is computed from the rules alone: the legal moves
//! and the memoised search of the game tree come from the oracle of `common::brute` (normal
//! play by mex over the whole multi-pile position, misère play by win/loss recursion, Smith's
//! remoteness by its definition on top of those); this file adds its own mex and a brute-force
//! search for the period of a subtraction game's Grundy sequence. No code of `src/` is used for
//! the expected values; the theorems the library relies on (Bouton, Sprague–Grundy, Wythoff)
//! are never assumed.

use std::cell::RefCell;
use std::collections::BTreeSet;

use crate::common::brute::{self, Comp, Fam as Family, Oracle};
use crate::common::library::{at, constructed, nats, play, u64s};
use nimsolve::grundy::find_period;
use nimsolve::{Game, Limits, Move, Nat, Optimal, Outcome, Play, Player, Replay};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------------------------
// The rules, from scratch.
// ---------------------------------------------------------------------------------------------

/// A game of the oracle's family, as the library builds its rules.
impl Family {
    fn game(&self, play: Play) -> Game {
        Game::new(constructed(self), play, Limits::default())
    }
}

/// A move as this file names it: leave `to` in pile `i`, or (Wythoff) take `t` from both.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Key {
    Pile(usize, u64),
    Both(u64),
}

/// The position `piles` of one family, as the oracle's one-component sum.
fn sum_of(family: &Family, piles: &[u64]) -> Vec<Comp> {
    vec![Comp {
        fam: family.clone(),
        piles: piles.to_vec(),
    }]
}

/// Every legal move from `piles` (the oracle's, in its order: pile by pile, amounts ascending,
/// then Wythoff's moves from both piles), with the position it leads to.
fn legal_moves(family: &Family, piles: &[u64]) -> Vec<(Key, Vec<u64>)> {
    brute::moves(&sum_of(family, piles))
        .into_iter()
        .map(|mv| {
            let key = match mv.pile {
                Some(i) => Key::Pile(i, mv.after[i]),
                None => Key::Both(piles[0] - mv.after[0]),
            };
            (key, mv.after)
        })
        .collect()
}

/// The least natural number not in `values`.
fn my_mex(values: &[u32]) -> u32 {
    let mut m = 0;
    while values.contains(&m) {
        m += 1;
    }
    m
}

// ---------------------------------------------------------------------------------------------
// The exhaustive search: the independent oracle of `common::brute`, its memo kept per thread
// across cases.
// ---------------------------------------------------------------------------------------------

/// The questions this file asks of the oracle, about one family's position.
struct Brute<'a> {
    oracle: &'a mut Oracle,
    family: &'a Family,
}

impl Brute<'_> {
    fn wins(&mut self, play: Play, piles: &[u64]) -> bool {
        self.oracle
            .wins(&sum_of(self.family, piles), play == Play::Misere)
    }

    fn grundy(&mut self, piles: &[u64]) -> u32 {
        let g = self.oracle.grundy(&sum_of(self.family, piles));
        u32::try_from(g).expect("a small Grundy value")
    }

    fn remoteness(&mut self, play: Play, piles: &[u64]) -> u64 {
        self.oracle
            .remoteness(&sum_of(self.family, piles), play == Play::Misere)
    }
}

thread_local! {
    static ORACLE: RefCell<Oracle> = RefCell::new(Oracle::new());
}

/// Runs `f` with the per-thread oracle, asking about `family`.
fn with_brute<R>(family: &Family, f: impl FnOnce(&mut Brute) -> R) -> R {
    ORACLE.with(|o| {
        let mut oracle = o.borrow_mut();
        f(&mut Brute {
            oracle: &mut oracle,
            family,
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Bridging to the library's types.
// ---------------------------------------------------------------------------------------------

fn outcome(wins: bool) -> Outcome {
    if wins { Outcome::N } else { Outcome::P }
}

/// The library's move as a [`Key`], checking that a pile move's `from` is the pile's size.
fn key_of(mv: &Move, piles: &[u64]) -> Result<Key, TestCaseError> {
    match mv {
        Move::Pile { pile, from, to } => {
            prop_assert!(
                *pile < piles.len(),
                "move {mv:?} names a pile outside {piles:?}"
            );
            prop_assert_eq!(
                from.to_u64(),
                Some(piles[*pile]),
                "move {:?} from {:?}",
                mv,
                piles
            );
            Ok(Key::Pile(*pile, to.to_u64().expect("small pile")))
        }
        Move::Both { take, .. } => Ok(Key::Both(take.to_u64().expect("small take"))),
        Move::Split { .. } | Move::To { .. } => Err(TestCaseError::fail(format!(
            "{mv:?}: no family of these properties breaks a heap or is one whole state"
        ))),
    }
}

/// The library's move named by a [`Key`].
fn move_of(key: &Key, piles: &[u64]) -> Move {
    match key {
        Key::Pile(i, to) => Move::Pile {
            pile: *i,
            from: Nat::from(piles[*i]),
            to: Nat::from(*to),
        },
        Key::Both(t) => Move::Both {
            pile: 0,
            take: Nat::from(*t),
        },
    }
}

// ---------------------------------------------------------------------------------------------
// Properties 1 and 2: analyze and advise against the search.
// ---------------------------------------------------------------------------------------------

fn check_position(family: &Family, play: Play, piles: &[u64]) -> Result<(), TestCaseError> {
    let game = family.game(play);
    let position = at(&game, piles);
    let ctx = format!("{family:?} {play:?} {piles:?}");
    let analysis = game
        .analyze(&position)
        .map_err(|e| TestCaseError::fail(format!("{ctx}: analyze failed: {e}")))?;

    let legal = legal_moves(family, piles);
    let (wins, expected_moves, pile_g, total_g) = with_brute(family, |b| {
        let wins = b.wins(play, piles);
        let expected: BTreeSet<Key> = legal
            .iter()
            .filter(|(_, child)| !b.wins(play, child))
            .map(|(k, _)| k.clone())
            .collect();
        // Grundy values are compared under normal play of the heap families only (below).
        let heaps = play == Play::Normal && *family != Family::Wythoff;
        let pile_g: Vec<u32> = if heaps {
            piles.iter().map(|&p| b.grundy(&[p])).collect()
        } else {
            Vec::new()
        };
        let total_g = if heaps { b.grundy(piles) } else { 0 };
        (wins, expected, pile_g, total_g)
    });

    // Outcome.
    prop_assert_eq!(analysis.outcome, outcome(wins), "outcome of {}", ctx);

    // Remoteness, where the library searched for it.
    if let Some(r) = analysis.remoteness {
        let expected = with_brute(family, |b| b.remoteness(play, piles));
        prop_assert_eq!(r, expected, "remoteness of {}", ctx);
    }

    // Grundy values: under normal play, the piles' and the whole position's (the latter by mex
    // over the whole game tree, not by xor); none for Wythoff's game or misère play.
    if play == Play::Normal && *family != Family::Wythoff {
        let expected: Vec<Nat> = pile_g.iter().map(|&g| Nat::from(u64::from(g))).collect();
        prop_assert_eq!(
            analysis.pile_grundy.as_ref(),
            Some(&expected),
            "pile Grundy values of {}",
            ctx
        );
        prop_assert_eq!(
            analysis.grundy.as_ref(),
            Some(&Nat::from(u64::from(total_g))),
            "Grundy value of {}",
            ctx
        );
    } else if play == Play::Normal {
        // Wythoff's game alone: its value beside the pairs where it is known, the oracle's.
        if let Some(g) = &analysis.grundy {
            let expected = with_brute(family, |b| b.grundy(piles));
            prop_assert_eq!(
                g,
                &Nat::from(u64::from(expected)),
                "Grundy value of {}",
                ctx
            );
        }
    } else {
        prop_assert!(
            analysis.grundy.is_none(),
            "{ctx}: grundy {:?}",
            analysis.grundy
        );
        prop_assert!(
            analysis.pile_grundy.is_none(),
            "{ctx}: pile_grundy {:?}",
            analysis.pile_grundy
        );
    }

    // Winning moves: exactly the moves to P-positions, each once.
    let mut listed = Vec::new();
    for mv in &analysis.winning_moves {
        listed.push(key_of(mv, piles)?);
    }
    let listed_set: BTreeSet<Key> = listed.iter().cloned().collect();
    prop_assert_eq!(
        listed.len(),
        listed_set.len(),
        "{}: a winning move listed twice: {:?}",
        ctx,
        listed
    );
    prop_assert_eq!(&listed_set, &expected_moves, "winning moves of {}", ctx);

    // apply_move accepts exactly the legal moves (every pile move taking 1..=p, and moves from
    // both piles taking 1..=min+1).
    let legal_keys: BTreeSet<Key> = legal.iter().map(|(k, _)| k.clone()).collect();
    let mut candidates: Vec<Key> = Vec::new();
    for (i, &p) in piles.iter().enumerate() {
        candidates.extend((0..p).map(|to| Key::Pile(i, to)));
    }
    let least = piles.iter().copied().min().unwrap_or(0);
    candidates.extend((1..=least + 1).map(Key::Both));
    for key in &candidates {
        let applied = game.apply_move(&position, &move_of(key, piles));
        match legal.iter().find(|(k, _)| k == key) {
            Some((_, child)) => {
                prop_assert!(
                    applied.is_ok(),
                    "{ctx}: apply_move rejects the legal move {key:?}: {applied:?}"
                );
                prop_assert_eq!(
                    u64s(applied.unwrap().piles()),
                    child.clone(),
                    "{}: apply_move {:?}",
                    ctx,
                    key
                );
            }
            None => prop_assert!(
                applied.is_err(),
                "{ctx}: apply_move accepts the illegal move {key:?}"
            ),
        }
    }

    // advise: same analysis; a legal suggestion iff a move exists; winning in an N-position.
    let advice = game
        .advise(&position)
        .map_err(|e| TestCaseError::fail(format!("{ctx}: advise failed: {e}")))?;
    prop_assert_eq!(&advice.analysis, &analysis, "{}: advise's analysis", ctx);
    match &advice.suggestion {
        None => prop_assert!(legal.is_empty(), "{ctx}: no suggestion though moves exist"),
        Some(mv) => {
            let key = key_of(mv, piles)?;
            prop_assert!(
                legal_keys.contains(&key),
                "{ctx}: suggestion {mv:?} is illegal"
            );
            let child = legal
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, c)| c.clone())
                .unwrap();
            let applied = game.apply_move(&position, mv);
            prop_assert!(
                applied.is_ok(),
                "{ctx}: apply_move rejects the suggestion {mv:?}: {applied:?}"
            );
            prop_assert_eq!(
                u64s(applied.unwrap().piles()),
                child.clone(),
                "{}: suggestion {:?}",
                ctx,
                mv
            );
            let child_wins = with_brute(family, |b| b.wins(play, &child));
            if wins {
                prop_assert!(
                    !child_wins,
                    "{ctx}: suggestion {mv:?} leads to the N-position {child:?}"
                );
                prop_assert!(advice.is_winning(), "{ctx}: is_winning");
            } else if analysis.remoteness.is_some() {
                // Within the search limit: the move that delays the loss longest, the largest
                // remoteness after it; ties to the lowest-numbered pile, then the smallest
                // amount, moves from both piles last (the order of `legal_moves`).
                let mut best: Option<(Key, u64)> = None;
                for (k, c) in &legal {
                    let r = with_brute(family, |b| b.remoteness(play, c));
                    if best.as_ref().is_none_or(|(_, most)| r > *most) {
                        best = Some((k.clone(), r));
                    }
                }
                let (best, _) = best.unwrap();
                prop_assert_eq!(
                    &key,
                    &best,
                    "{}: the move that delays the loss longest",
                    ctx
                );
                prop_assert!(advice.is_delaying(), "{ctx}: is_delaying");
            } else {
                // Beyond the search limit, the documented fallback: the least legal take from
                // the largest pile that allows a move (lowest-numbered among equals).
                let mut best: Option<(usize, u64)> = None;
                for (i, &p) in piles.iter().enumerate() {
                    if let Some(&t) = family.takes(p).first()
                        && best.is_none_or(|(j, _)| p > piles[j])
                    {
                        best = Some((i, t));
                    }
                }
                let (i, t) = best.unwrap();
                prop_assert_eq!(&key, &Key::Pile(i, piles[i] - t), "{}: fallback move", ctx);
            }
        }
    }
    Ok(())
}

fn check_both_plays(family: &Family, piles: &[u64]) -> Result<(), TestCaseError> {
    check_position(family, Play::Normal, piles)?;
    check_position(family, Play::Misere, piles)
}

// ---------------------------------------------------------------------------------------------
// Property 3: optimal replays end as predicted.
// ---------------------------------------------------------------------------------------------

fn check_replay(family: &Family, play: Play, piles: &[u64]) -> Result<(), TestCaseError> {
    let game = family.game(play);
    let ctx = format!("{family:?} {play:?} {piles:?}");
    let predicted = game
        .analyze(&at(&game, piles))
        .map_err(|e| TestCaseError::fail(format!("{ctx}: analyze failed: {e}")))?
        .outcome;
    let brute_wins = with_brute(family, |b| b.wins(play, piles));
    prop_assert_eq!(predicted, outcome(brute_wins), "outcome of {}", ctx);

    let start = game.position(nats(piles)).expect("a position of the game");
    let mut replay = Replay::new(&game, start, Box::new(Optimal), Box::new(Optimal));
    let mut position = piles.to_vec();
    let mut turns = 0u64;
    let most = piles.iter().sum::<u64>();
    loop {
        let turn = replay.next_turn().map_err(|e| {
            TestCaseError::fail(format!("{ctx}: next_turn failed after {turns} turns: {e}"))
        })?;
        let Some(turn) = turn else { break };
        turns += 1;
        prop_assert!(turns <= most, "{ctx}: more turns than objects");
        let key = key_of(&turn.mv, &position)?;
        let legal = legal_moves(family, &position);
        let child = legal
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, c)| c.clone());
        prop_assert!(
            child.is_some(),
            "{ctx}: turn {turns} plays the illegal {:?} in {position:?}",
            turn.mv
        );
        let child = child.unwrap();
        prop_assert_eq!(
            u64s(turn.after.piles()),
            child.clone(),
            "{}: turn {}",
            ctx,
            turns
        );
        position = child;
    }
    prop_assert!(
        legal_moves(family, &position).is_empty(),
        "{ctx}: replay stopped at {position:?} with moves left"
    );
    let winner = replay.winner();
    prop_assert!(winner.is_some(), "{ctx}: no winner at the end");
    prop_assert_eq!(
        winner == Some(Player::First),
        predicted == Outcome::N,
        "{}: winner {:?} after {} turns, predicted {:?}",
        ctx,
        winner,
        turns,
        predicted
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Property 4: periods of finite subtraction sets.
// ---------------------------------------------------------------------------------------------

/// g(0 .. len) of the subtraction game with `set`, by mex.
fn brute_table(set: &[u64], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let options: Vec<u32> = set
            .iter()
            .filter(|&&a| a as usize <= n)
            .map(|&a| g[n - a as usize])
            .collect();
        g.push(my_mex(&options));
    }
    g
}

/// The least period p, then the least preperiod for it, with g(n) = g(n + p) for every n in
/// [preperiod, len − p), searching p ≤ len/4 and preperiods ≤ len/2 (so the equality is checked
/// over at least len/4 values, more than any amount of the sets tested: a proof, not a guess).
fn brute_period(g: &[u32]) -> Option<(u64, u64)> {
    let len = g.len();
    for p in 1..=len / 4 {
        let mut pre = len - p;
        while pre > 0 && g[pre - 1] == g[pre - 1 + p] {
            pre -= 1;
        }
        if pre <= len / 2 {
            return Some((pre as u64, p as u64));
        }
    }
    None
}

fn check_periodicity(set: &[u64], len: usize) -> Result<(), TestCaseError> {
    let m = *set.last().unwrap();
    prop_assert!(len as u64 / 4 > m, "table too short for the set");
    let g = brute_table(set, len);
    let Some((pre, period)) = brute_period(&g) else {
        return Err(TestCaseError::reject(format!(
            "no period of {set:?} within {len}"
        )));
    };
    let game = Family::Finite(set.to_vec()).game(Play::Normal);
    let found = game.analyze(&at(&game, &[0])).unwrap().periodicity;
    prop_assert!(found.is_some(), "{set:?}: no periodicity");
    let found = found.unwrap();
    prop_assert_eq!(
        (found.preperiod, found.period),
        (pre, period),
        "(preperiod, period) of {:?}",
        set
    );
    prop_assert_eq!(found.window, m, "window of {:?}", set);

    let direct = find_period(&g, m as usize);
    prop_assert!(
        direct.is_some(),
        "{set:?}: find_period on {len} values found nothing"
    );
    let direct = direct.unwrap();
    prop_assert_eq!(
        (direct.preperiod, direct.period),
        (pre, period),
        "find_period of {:?}",
        set
    );

    // The Grundy values the game answers, in the table and far beyond it.
    for n in 0..len as u64 {
        let v = game.pile_grundy(&Nat::from(n)).unwrap();
        prop_assert_eq!(
            v,
            Some(Nat::from(u64::from(g[n as usize]))),
            "g({}) of {:?}",
            n,
            set
        );
    }
    for n in [1_000_003u64, 987_654_321_987, u64::MAX - 5] {
        let expected = g[(pre + (n - pre) % period) as usize];
        let v = game.pile_grundy(&Nat::from(n)).unwrap();
        prop_assert_eq!(
            v,
            Some(Nat::from(u64::from(expected))),
            "g({}) of {:?}",
            n,
            set
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Strategies.
// ---------------------------------------------------------------------------------------------

fn piles(max: u64) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(0..=max, 1..=5)
}

fn small_set(max: u64) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::btree_set(1..=max, 1..=4).prop_map(|s| s.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn nim_matches_brute_force(piles in piles(12)) {
        check_both_plays(&Family::Nim, &piles)?;
    }

    #[test]
    fn max_take_matches_brute_force(k in 1u64..=5, piles in piles(12)) {
        check_both_plays(&Family::MaxTake(k), &piles)?;
    }

    #[test]
    fn finite_subtraction_matches_brute_force(set in small_set(8), piles in piles(12)) {
        check_both_plays(&Family::Finite(set), &piles)?;
    }

    #[test]
    fn powers_of_two_match_brute_force(piles in piles(12)) {
        check_both_plays(&Family::PowersOfTwo, &piles)?;
    }

    #[test]
    fn fibonacci_matches_brute_force(piles in piles(12)) {
        check_both_plays(&Family::Fibonacci, &piles)?;
    }

    #[test]
    fn wythoff_matches_brute_force(a in 0u64..=25, b in 0u64..=25) {
        check_both_plays(&Family::Wythoff, &[a, b])?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn optimal_nim_replays_end_as_predicted(play in play(), piles in piles(12)) {
        check_replay(&Family::Nim, play, &piles)?;
    }

    #[test]
    fn optimal_replays_of_other_families_end_as_predicted(
        family in prop_oneof![
            (1u64..=5).prop_map(Family::MaxTake),
            small_set(6).prop_map(Family::Finite),
            Just(Family::PowersOfTwo),
            Just(Family::Fibonacci),
        ],
        play in play(),
        piles in prop::collection::vec(0u64..=7, 1..=3),
    ) {
        check_replay(&family, play, &piles)?;
    }

    #[test]
    fn optimal_wythoff_replays_end_as_predicted(play in play(), a in 0u64..=12, b in 0u64..=12) {
        check_replay(&Family::Wythoff, play, &[a, b])?;
    }

    #[test]
    fn periods_of_sets_up_to_twenty(set in small_set(20)) {
        check_periodicity(&set, 6000)?;
    }
}

/// Normal-play P-positions of Wythoff's game for 0 ≤ a, b ≤ n, found by sweeping the table in
/// increasing order: (a, b) is P iff no move (along its row, its column or its diagonal) reaches
/// a P-position found before.
fn wythoff_p_table(n: usize) -> Vec<Vec<bool>> {
    let size = n + 1;
    let mut p = vec![vec![false; size]; size];
    let mut row = vec![false; size];
    let mut col = vec![false; size];
    let mut diag = vec![false; 2 * size];
    for a in 0..size {
        for b in 0..size {
            let d = size + b - a;
            if !row[a] && !col[b] && !diag[d] {
                p[a][b] = true;
                row[a] = true;
                col[b] = true;
                diag[d] = true;
            }
        }
    }
    p
}

thread_local! {
    static WYTHOFF_P: Vec<Vec<bool>> = wythoff_p_table(300);
}

fn check_wythoff_normal_large(a: u64, b: u64) -> Result<(), TestCaseError> {
    // The remoteness search is off: this property checks outcomes and moves, and the search
    // of a pair near (300, 300) costs more than the rest of the check.
    let limits = Limits {
        remoteness: 0,
        ..Limits::default()
    };
    let game = Game::new(constructed(&Family::Wythoff), Play::Normal, limits);
    let piles = [a, b];
    let analysis = game.analyze(&at(&game, &piles)).unwrap();
    let (is_p, expected) = WYTHOFF_P.with(|t| {
        let expected: BTreeSet<Key> = legal_moves(&Family::Wythoff, &piles)
            .into_iter()
            .filter(|(_, c)| t[c[0] as usize][c[1] as usize])
            .map(|(k, _)| k)
            .collect();
        (t[a as usize][b as usize], expected)
    });
    prop_assert_eq!(
        analysis.outcome,
        outcome(!is_p),
        "outcome of ({}, {})",
        a,
        b
    );
    let mut listed = Vec::new();
    for mv in &analysis.winning_moves {
        listed.push(key_of(mv, &piles)?);
    }
    let listed_set: BTreeSet<Key> = listed.iter().cloned().collect();
    prop_assert_eq!(
        listed.len(),
        listed_set.len(),
        "({}, {}): duplicates {:?}",
        a,
        b,
        listed
    );
    prop_assert_eq!(listed_set, expected, "winning moves of ({}, {})", a, b);
    let position = at(&game, &piles);
    let advice = game.advise(&position).unwrap();
    if let Some(mv) = &advice.suggestion {
        let after = u64s(game.apply_move(&position, mv).unwrap().piles());
        if !is_p {
            prop_assert!(
                WYTHOFF_P.with(|t| t[after[0] as usize][after[1] as usize]),
                "({a}, {b}): {mv:?}"
            );
        }
    } else {
        prop_assert_eq!((a, b), (0, 0));
    }
    Ok(())
}

/// g(0 .. len) of one pile of an infinite subtraction family, by mex.
fn brute_family_table(family: &Family, len: u64) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let options: Vec<u32> = family
            .takes(n)
            .iter()
            .map(|&t| g[(n - t) as usize])
            .collect();
        g.push(my_mex(&options));
    }
    g
}

thread_local! {
    static TABLES: Vec<(Family, Vec<u32>)> = vec![
        (Family::Fibonacci, brute_family_table(&Family::Fibonacci, 3000)),
        (Family::PowersOfTwo, brute_family_table(&Family::PowersOfTwo, 3000)),
    ];
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// K at least as large as some piles (K-limited Nim becomes Nim on those piles). Four piles
    /// at most, so misère play stays within the default search limit.
    #[test]
    fn max_take_with_large_k_matches_brute_force(
        k in 6u64..=14,
        piles in prop::collection::vec(0u64..=12, 1..=4),
    ) {
        check_both_plays(&Family::MaxTake(k), &piles)?;
    }

    /// Wythoff's game under normal play on larger piles, against a sweep of the P-positions.
    #[test]
    fn wythoff_normal_play_on_larger_piles(a in 0u64..=300, b in 0u64..=300) {
        check_wythoff_normal_large(a, b)?;
    }

    /// Wythoff's game under misère play on larger piles than the main property.
    #[test]
    fn wythoff_misere_on_larger_piles(a in 0u64..=45, b in 0u64..=45) {
        check_position(&Family::Wythoff, Play::Misere, &[a, b])?;
    }

    /// Single-pile Grundy values of the infinite families, asked in a random order (the
    /// Fibonacci table grows on demand).
    #[test]
    fn infinite_family_pile_values(
        fib in any::<bool>(),
        queries in prop::collection::vec(0u64..3000, 1..20),
    ) {
        let family = if fib { Family::Fibonacci } else { Family::PowersOfTwo };
        let g = TABLES.with(|t| t.iter().find(|(f, _)| *f == family).unwrap().1.clone());
        let game = family.game(Play::Normal);
        for n in queries {
            let v = game.pile_grundy(&Nat::from(n)).unwrap();
            prop_assert_eq!(v, Some(Nat::from(u64::from(g[n as usize]))), "g({}) of {:?}", n, family);
        }
    }
}

/// Property 4 over every non-empty subset of {1, …, 8} (255 sets), not just random ones.
#[test]
fn periods_of_every_set_within_one_to_eight() {
    for mask in 1u32..256 {
        let set: Vec<u64> = (1..=8u64).filter(|a| mask & (1 << (a - 1)) != 0).collect();
        if let Err(e) = check_periodicity(&set, 2000) {
            panic!("{set:?}: {e}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Named regressions.
// ---------------------------------------------------------------------------------------------

fn pile_move(piles: &[u64], pile: usize, to: u64) -> Move {
    Move::Pile {
        pile,
        from: Nat::from(piles[pile]),
        to: Nat::from(to),
    }
}

/// S = {2, 5}, piles 2 4 7: g = 1, 0, 0, and the move 4 → 2 raises its pile's Grundy value
/// from 0 to 1 = the nim-sum; it wins and must be listed.
#[test]
fn subtract_2_5_lists_a_move_that_raises_a_grundy_value() {
    let piles = [2u64, 4, 7];
    let game = Family::Finite(vec![2, 5]).game(Play::Normal);
    let analysis = game.analyze(&at(&game, &piles)).unwrap();
    assert_eq!(analysis.outcome, Outcome::N);
    assert_eq!(analysis.pile_grundy, Some(nats(&[1, 0, 0])));
    assert!(
        analysis.winning_moves.contains(&pile_move(&piles, 1, 2)),
        "{:?}",
        analysis.winning_moves
    );
    let got: BTreeSet<Key> = analysis
        .winning_moves
        .iter()
        .map(|m| key_of(m, &piles).unwrap())
        .collect();
    let expected: BTreeSet<Key> = [Key::Pile(0, 0), Key::Pile(1, 2), Key::Pile(2, 2)]
        .into_iter()
        .collect();
    assert_eq!(got, expected);
    check_both_plays(&Family::Finite(vec![2, 5]), &piles).unwrap();
}

/// S = {2, 3}, one pile of 4: 4 is not in S, so no move may take 4 (normal play: 4 → 1;
/// misère play: 4 → 2).
#[test]
fn subtract_2_3_never_takes_the_whole_pile_of_4() {
    for (play, to) in [(Play::Normal, 1u64), (Play::Misere, 2)] {
        let game = Family::Finite(vec![2, 3]).game(play);
        let piles = at(&game, &[4]);
        let analysis = game.analyze(&piles).unwrap();
        assert_eq!(analysis.outcome, Outcome::N, "{play:?}");
        assert_eq!(
            analysis.winning_moves,
            vec![pile_move(&[4], 0, to)],
            "{play:?}"
        );
        let suggestion = game.advise(&piles).unwrap().suggestion.unwrap();
        assert_ne!(suggestion.take(), Nat::from(4u64), "{play:?}");
        assert_eq!(suggestion, pile_move(&[4], 0, to), "{play:?}");
        check_position(&Family::Finite(vec![2, 3]), play, &[4]).unwrap();
    }
}

/// Nim (2, 1): normal play 2 → 1 leaves (1, 1); misère play 2 → 0 leaves the opponent the last
/// object.
#[test]
fn nim_2_1_normal_and_misere_moves_differ() {
    for (play, to) in [(Play::Normal, 1u64), (Play::Misere, 0)] {
        let game = Family::Nim.game(play);
        let piles = at(&game, &[2, 1]);
        let analysis = game.analyze(&piles).unwrap();
        assert_eq!(analysis.outcome, Outcome::N, "{play:?}");
        assert_eq!(
            analysis.winning_moves,
            vec![pile_move(&[2, 1], 0, to)],
            "{play:?}"
        );
        assert_eq!(
            game.advise(&piles).unwrap().suggestion,
            Some(pile_move(&[2, 1], 0, to)),
            "{play:?}"
        );
    }
}

/// Piles left with objects but no legal move: lost under normal play, won under misère play,
/// and nothing to suggest.
#[test]
fn stuck_positions_of_a_subtraction_game() {
    let family = Family::Finite(vec![3, 4]);
    for (play, expected) in [(Play::Normal, Outcome::P), (Play::Misere, Outcome::N)] {
        let game = family.game(play);
        let piles = at(&game, &[1, 2, 2]);
        let advice = game.advise(&piles).unwrap();
        assert_eq!(advice.analysis.outcome, expected, "{play:?}");
        assert!(advice.analysis.winning_moves.is_empty(), "{play:?}");
        assert_eq!(advice.suggestion, None, "{play:?}");
        check_position(&family, play, &[1, 2, 2]).unwrap();
    }
}

/// The documented order of `Analysis::winning_moves` for Wythoff's game is "both piles first,
/// then pile 1, then pile 2", and `advise` suggests the first winning move. Misère play once
/// listed the move from both piles last, e.g. (1, 2): [pile 2 → 0, take 1 from both].
#[test]
fn wythoff_winning_moves_keep_the_documented_order_in_misere_play_too() {
    for play in [Play::Normal, Play::Misere] {
        let game = Family::Wythoff.game(play);
        for a in 0..=20u64 {
            for b in 0..=20u64 {
                let moves = game.analyze(&at(&game, &[a, b])).unwrap().winning_moves;
                let rank: Vec<usize> = moves
                    .iter()
                    .map(|m| match m {
                        Move::Both { .. } => 0,
                        Move::Pile { pile, .. }
                        | Move::Split { pile, .. }
                        | Move::To { pile, .. } => 1 + pile,
                    })
                    .collect();
                assert!(rank.is_sorted(), "{play:?} ({a}, {b}): {moves:?}");
            }
        }
    }
}

proptest! {
    /// A Nim verdict, counted in machine words where every pile fits one, says what the listed
    /// analysis says: the outcome, the number of winning moves and the move to play, for piles
    /// of any size (some past 2^64) under both conventions.
    #[test]
    fn nim_verdicts_count_what_advice_lists(
        piles in prop::collection::vec((any::<u64>(), 0u8..4, 0u8..8), 0..9),
        play in play(),
    ) {
        let game = Game::nim(play);
        let piles: Vec<Nat> = piles
            .into_iter()
            .map(|(low, high, shape)| match shape {
                // Small piles make the misère cases (S0, S1, T0) and equal piles common.
                0..=2 => Nat::from(low % 4),
                3 if high > 0 => Nat::from_biguint((num_bigint::BigUint::from(high) << 64u32) + low),
                _ => Nat::from(low >> (low % 64)),
            })
            .collect();
        let position = game.position(piles.clone()).unwrap();
        let verdict = game.verdict(&position).unwrap();
        let advice = game.advise(&position).unwrap();
        prop_assert_eq!(verdict.outcome, advice.analysis.outcome, "{:?}", piles);
        prop_assert_eq!(verdict.winning_moves, advice.analysis.winning_moves.len());
        prop_assert_eq!(&verdict.suggestion, &advice.suggestion);
        prop_assert_eq!(&verdict.fact, &advice.analysis.fact);
    }
}
