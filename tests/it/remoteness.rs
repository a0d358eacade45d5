//! Remoteness (C. A. B. Smith) against the independent brute force of `common::brute`, written
//! from the rules alone — its own move generator, its own win/loss minimax, the definition of
//! remoteness on top — sharing no code with `src/`: for Nim (normal and misère play), Nim with
//! at most K per take (the Bash game on one pile) and Wythoff's game. Also: the search limit that decides
//! whether remoteness is known, the move that delays a loss, deep games, and the command line.

use crate::common::brute::{self, Comp, Fam, Oracle};
use crate::common::cli::{ok, ok_json};
use crate::common::library::{at, nats, play};
use nimsolve::{Game, Limits, Move, Nat, Outcome, Play, Rules};
use proptest::prelude::*;

/// A move as this file names it: the pile (`None`: both piles, Wythoff) and the amount.
type Key = (Option<usize>, u64);

/// The rule families checked here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Family {
    Nim,
    MaxTake(u64),
    Wythoff,
}

impl Family {
    fn rules(self) -> Rules {
        match self {
            Family::Nim => Rules::nim(),
            Family::MaxTake(k) => Rules::max_take(Nat::from(k)).unwrap(),
            Family::Wythoff => Rules::wythoff(),
        }
    }

    fn game(self, play: Play, search: u64) -> Game {
        let limits = Limits {
            search,
            ..Limits::default()
        };
        Game::new(self.rules(), play, limits)
    }

    /// The position `piles` as the oracle's one-component sum.
    fn sum(self, piles: &[u64]) -> Vec<Comp> {
        let fam = match self {
            Family::Nim => Fam::Nim,
            Family::MaxTake(k) => Fam::MaxTake(k),
            Family::Wythoff => Fam::Wythoff,
        };
        vec![Comp {
            fam,
            piles: piles.to_vec(),
        }]
    }

    /// Every position one move away, with the move as (pile or `None` for both, amount), in
    /// the oracle's order: pile by pile, amounts ascending, then both piles.
    fn moves(self, piles: &[u64]) -> Vec<(Key, Vec<u64>)> {
        brute::moves(&self.sum(piles))
            .into_iter()
            .map(|mv| {
                let pile = mv.pile.unwrap_or(0);
                ((mv.pile, piles[pile] - mv.after[pile]), mv.after)
            })
            .collect()
    }

    /// How many amounts one move may take from a pile of `p` (the work bound's terms).
    fn takes(self, p: u64) -> u64 {
        match self {
            Family::MaxTake(k) => p.min(k),
            _ => p,
        }
    }
}

/// Whether the player to move wins, and the remoteness, by the oracle.
fn solve(oracle: &mut Oracle, family: Family, play: Play, piles: &[u64]) -> (bool, u64) {
    let sum = family.sum(piles);
    let misere = play == Play::Misere;
    (oracle.wins(&sum, misere), oracle.remoteness(&sum, misere))
}

/// The same with a fresh oracle, for one question.
fn solve_once(family: Family, play: Play, piles: &[u64]) -> (bool, u64) {
    solve(&mut Oracle::new(), family, play, piles)
}

/// What the search limit counts for remembering one position, besides its moves.
const POSITION_STEPS: u128 = 8;

/// The work bound the search limit is compared with: the positions up to reordering (the
/// multisets of heaps reachable, counted here by listing them; Wythoff's (a + 1)(b + 1)) ×
/// (8 + Σ amounts (+ the smaller pile, Wythoff)).
fn work(family: Family, piles: &[u64]) -> u128 {
    let positions: u128 = if family == Family::Wythoff {
        piles.iter().map(|&p| u128::from(p) + 1).product()
    } else {
        let mut reachable = std::collections::BTreeSet::new();
        let mut tuple = vec![0u64; piles.len()];
        loop {
            let mut sorted = tuple.clone();
            sorted.sort_unstable();
            reachable.insert(sorted);
            // The next tuple with tuple[i] ≤ piles[i], as an odometer.
            let Some(i) = (0..piles.len()).find(|&i| tuple[i] < piles[i]) else {
                break;
            };
            tuple[i] += 1;
            tuple[..i].iter_mut().for_each(|t| *t = 0);
        }
        reachable.len() as u128
    };
    let mut branching: u128 = POSITION_STEPS
        + piles
            .iter()
            .map(|&p| u128::from(family.takes(p)))
            .sum::<u128>();
    if family == Family::Wythoff {
        branching += u128::from(piles.iter().copied().min().unwrap_or(0));
    }
    positions * branching
}

fn check(family: Family, play: Play, piles: &[u64]) -> Result<(), TestCaseError> {
    let game = family.game(play, Limits::default().search);
    let ctx = format!("{family:?} {play:?} {piles:?}");
    let mut oracle = Oracle::new();
    let (wins, r) = solve(&mut oracle, family, play, piles);
    let position = at(&game, piles);
    let within = work(family, piles) <= u128::from(Limits::default().search);

    let got = game.remoteness(&position).unwrap();
    prop_assert_eq!(got, within.then_some(r), "remoteness of {}", ctx);
    let analysis = game.analyze(&position).unwrap();
    prop_assert_eq!(analysis.remoteness, got, "analyze's remoteness of {}", ctx);
    prop_assert_eq!(
        game.verdict(&position).unwrap().remoteness,
        got,
        "verdict of {}",
        ctx
    );
    prop_assert_eq!(analysis.outcome == Outcome::N, wins, "outcome of {}", ctx);
    // The parity is the outcome: odd wins under normal play, even under misère play.
    prop_assert_eq!(
        (r % 2 == 1) == (play == Play::Normal),
        wins,
        "parity of {}",
        ctx
    );

    // In a lost position with a move, the suggestion delays the loss longest; ties to the
    // lowest pile, then the smallest amount, both piles last.
    let advice = game.advise(&position).unwrap();
    if !wins && within && r > 0 {
        let mut best: Option<(Key, u64)> = None;
        for (mv, next) in family.moves(piles) {
            let rn = solve(&mut oracle, family, play, &next).1;
            if best.is_none_or(|(_, b)| rn > b) {
                best = Some((mv, rn));
            }
        }
        let ((pile, take), rn) = best.unwrap();
        prop_assert_eq!(rn + 1, r, "{}: the delaying move keeps the remoteness", ctx);
        let want = match pile {
            Some(i) => Move::pile(position.piles(), i, Nat::from(piles[i] - take)),
            None => Move::Both {
                pile: 0,
                take: Nat::from(take),
            },
        };
        prop_assert_eq!(&advice.suggestion, &Some(want), "{}: delaying move", ctx);
        prop_assert!(advice.is_delaying());
    } else {
        prop_assert!(!advice.is_delaying(), "{ctx}: not a searched lost position");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn nim_remoteness_matches_brute_force(
        play in play(),
        piles in prop::collection::vec(0u64..=7, 0..=4),
    ) {
        check(Family::Nim, play, &piles)?;
    }

    #[test]
    fn max_take_remoteness_matches_brute_force(
        play in play(),
        k in 1u64..=4,
        piles in prop::collection::vec(0u64..=9, 1..=3),
    ) {
        check(Family::MaxTake(k), play, &piles)?;
    }

    #[test]
    fn wythoff_remoteness_matches_brute_force(play in play(), a in 0u64..=14, b in 0u64..=14) {
        check(Family::Wythoff, play, &[a, b])?;
    }

    /// Remoteness is known exactly when the documented work bound is within the limit.
    #[test]
    fn the_search_limit_decides(
        family in prop_oneof![
            Just(Family::Nim),
            (1u64..=3).prop_map(Family::MaxTake),
            Just(Family::Wythoff),
        ],
        play in play(),
        piles in prop::collection::vec(0u64..=6, 2..=2),
        more in prop::collection::vec(0u64..=6, 0..=2),
        limit in 1u64..=6000,
    ) {
        let mut piles = piles;
        if family != Family::Wythoff {
            piles.extend(more);
        }
        let game = family.game(play, limit);
        let got = game.remoteness(&at(&game, &piles)).unwrap();
        let within = work(family, &piles) <= u128::from(limit);
        // A larger limit never loses what a smaller one found.
        let larger = family.game(play, limit.saturating_mul(2));
        prop_assert!(got.is_none() || larger.remoteness(&at(&larger, &piles)).unwrap() == got);
        prop_assert_eq!(got.is_some(), within, "{:?} {:?} {:?} limit {}", family, play, piles, limit);
        if let Some(r) = got {
            prop_assert_eq!(r, solve_once(family, play, &piles).1);
        }
    }
}

#[test]
fn worked_examples() {
    let r = |family: Family, play, piles: &[u64]| {
        let game = family.game(play, Limits::default().search);
        game.remoteness(&at(&game, piles)).unwrap()
    };
    // No move left: 0, whoever wins.
    assert_eq!(r(Family::Nim, Play::Normal, &[]), Some(0));
    assert_eq!(r(Family::Nim, Play::Misere, &[0, 0]), Some(0));
    // (2, 2): the loser delays, 2 2 → 1 2 → 1 1 → 0 1 → 0 0.
    assert_eq!(r(Family::Nim, Play::Normal, &[2, 2]), Some(4));
    // One pile under misère play: leave one (2 moves); a lone 1-pile is lost in 1.
    assert_eq!(r(Family::Nim, Play::Misere, &[5]), Some(2));
    assert_eq!(r(Family::Nim, Play::Misere, &[1]), Some(1));
    // The Bash game, K = 3, n = 10: take 2, then 8 goes in two rounds of a 1 and a 3.
    assert_eq!(r(Family::MaxTake(3), Play::Normal, &[10]), Some(5));
    // Wythoff (1, 2): lost; the loser's best is 1 2 → 1 1 (or 0 2, …), then the winner ends it.
    assert_eq!(r(Family::Wythoff, Play::Normal, &[1, 2]), Some(2));
    // Beyond the limit: unknown, not an error.
    assert_eq!(r(Family::Nim, Play::Normal, &[1000, 1000]), None);
    let huge = Nat::parse_decimal(b"123456789012345678901234567890").unwrap();
    let nim = Game::nim(Play::Normal);
    let position = nim.position(vec![huge, Nat::ONE]).unwrap();
    assert_eq!(nim.remoteness(&position).unwrap(), None);
    // Wythoff's game needs two piles.
    let wythoff = Family::Wythoff.game(Play::Normal, 1000);
    assert!(wythoff.position(nats(&[1, 2, 3])).is_err());
}

/// The search is iterative: a game of 300,000 moves does not exhaust the stack.
#[test]
fn deep_games_do_not_overflow_the_stack() {
    let game = Family::MaxTake(1).game(Play::Normal, 10_000_000);
    assert_eq!(
        game.remoteness(&at(&game, &[300_000])).unwrap(),
        Some(300_000)
    );
    let game = Family::MaxTake(1).game(Play::Misere, 10_000_000);
    assert_eq!(
        game.remoteness(&at(&game, &[299_999])).unwrap(),
        Some(299_999)
    );
}

// ---------------------------------------------------------------------------------------------
// The command line.
// ---------------------------------------------------------------------------------------------

// Runs of the binary through `ok` and `ok_json` (tests/it/common/cli.rs): exit status 0, nothing
// on stderr, and for `ok_json` exactly one JSON line.

#[test]
fn analyze_reports_remoteness_in_both_formats() {
    let v = ok_json(&["analyze", "--json", "3", "5", "7"]);
    let brute = solve_once(Family::Nim, Play::Normal, &[3, 5, 7]).1;
    assert_eq!(v["remoteness"], brute);
    assert_eq!(v["outcome"], "N", "the existing fields stay");
    assert!(ok(&["analyze", "3", "5", "7"]).ends_with(&format!("; remoteness {brute}\n")));
    // Beyond the limit: no field, nothing in the line.
    let v = ok_json(&["analyze", "--json", "--search-limit", "100", "3", "5", "7"]);
    assert!(v.get("remoteness").is_none(), "{v}");
    assert!(!ok(&["analyze", "--search-limit", "100", "3", "5", "7"]).contains("remoteness"));
    // Misère play of another game: the same search decides the outcome.
    let v = ok_json(&["analyze", "--json", "--misere", "--wythoff", "3", "5"]);
    let (wins, r) = solve_once(Family::Wythoff, Play::Misere, &[3, 5]);
    assert_eq!(v["remoteness"], r);
    assert_eq!(v["outcome"], if wins { "N" } else { "P" });
    // --explain says what it means.
    let explained = ok(&["analyze", "--explain", "2", "2"]);
    assert!(
        explained.contains(
            "Remoteness 4: under best play (the winner hurries, the loser delays) the game ends after 4 more moves."
        ),
        "{explained}"
    );
    assert!(
        explained.contains(
            "No move wins; the move that delays the loss longest is take 1 from pile 1 (2 → 1)."
        ),
        "{explained}"
    );
}

#[test]
fn move_delays_the_loss_or_says_the_fallback_rule_is_used() {
    let v = ok_json(&["move", "--json", "--max-take", "3", "4", "4"]);
    assert_eq!(v["outcome"], "P");
    let brute = solve_once(Family::MaxTake(3), Play::Normal, &[4, 4]).1;
    assert_eq!(v["remoteness"], brute);
    assert_eq!(v["move"]["pile"], 1);
    assert_eq!(v["move"]["take"], 1);
    let line = ok(&["move", "--max-take", "3", "4", "4"]);
    assert!(line.contains("it delays the loss longest"), "{line}");
    let line = ok(&["move", "--search-limit", "10", "--max-take", "3", "4", "4"]);
    assert!(line.contains("fallback rule"), "{line}");
    let v = ok_json(&[
        "move",
        "--json",
        "--search-limit",
        "10",
        "--max-take",
        "3",
        "4",
        "4",
    ]);
    assert!(v.get("remoteness").is_none(), "{v}");
}
