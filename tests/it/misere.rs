//! Misère play by theory, checked against the independent oracle of `tests/it/common/brute.rs`
//! (an exhaustive search of the whole game tree, written from the move rules alone) with the
//! library's own search switched off, and on heaps far beyond any search.

use crate::common::break_brute::{Comp as BComp, Oracle};
use crate::common::brute::{Comp, Fam, to_move_wins, winning_moves};
use nimsolve::games::wythoff::theory::WythoffTheorem;
use nimsolve::{FamilyTheorem, Game, Limits, Nat, Outcome, Play, Position, Rules, Theorem};

fn no_search() -> Limits {
    Limits {
        search: 0,
        remoteness: 0,
        ..Limits::default()
    }
}

fn game() -> Game {
    Game::new(Rules::nim(), Play::Misere, no_search())
}

fn position(sum: &[Comp]) -> Position {
    Position::sum(sum.iter().map(|c| {
        (
            Rules::parse(&c.fam.spec()).unwrap(),
            c.piles.iter().map(|&p| Nat::from(p)).collect(),
        )
    }))
    .unwrap()
}

/// Misère Wythoff alone, every pair up to 24 × 24: the outcome and the number of winning
/// moves are the oracle's, with no search.
#[test]
fn misere_wythoff_alone() {
    let g = game();
    for a in 0..=24u64 {
        for b in 0..=24u64 {
            let sum = [Comp {
                fam: Fam::Wythoff,
                piles: vec![a, b],
            }];
            let got = g.analyze(&position(&sum)).unwrap();
            assert_eq!(
                got.decided_by,
                Theorem::Family(FamilyTheorem::Wythoff(WythoffTheorem::Misere))
            );
            assert_eq!(
                got.outcome,
                Outcome::from_to_move_wins(to_move_wins(&sum, true)),
                "({a}, {b})"
            );
            assert_eq!(
                got.winning_moves.len(),
                winning_moves(&sum, true).len(),
                "winning moves of ({a}, {b}): {:?}",
                got.winning_moves
            );
        }
    }
}

/// Take at most K, one heap: a P-position iff n ≡ 1 (mod K + 1), for small heaps against the
/// oracle and for a heap of 10^40 + 1 + j(K + 1) by the proven rule.
#[test]
fn max_take_one_heap() {
    let g = game();
    for k in 1..=6u64 {
        for n in 0..=30u64 {
            let sum = [Comp {
                fam: Fam::MaxTake(k),
                piles: vec![n],
            }];
            let got = g.analyze(&position(&sum)).unwrap();
            assert_eq!(got.decided_by, Theorem::MisereKnownTame);
            let want = to_move_wins(&sum, true);
            assert_eq!(
                got.outcome,
                Outcome::from_to_move_wins(want),
                "K {k}, n {n}"
            );
            assert_eq!(!want, n % (k + 1) == 1, "the oracle's rule, K {k}, n {n}");
        }
        let rules = Rules::max_take(Nat::from(k)).unwrap();
        let big: Nat = "10000000000000000000000000000000000000000".parse().unwrap();
        // 10^40 ≡ 1 (mod K + 1) exactly when K + 1 divides 10^40 − 1.
        let r = big.rem_u64(k + 1);
        let p = Position::sum([(rules, vec![big.clone()])]).unwrap();
        let got = g.analyze(&p).unwrap();
        assert_eq!(
            got.outcome == Outcome::P,
            r == 1,
            "K {k}, 10^40 mod {} = {r}",
            k + 1
        );
        if r != 1 {
            // The winning move leaves a heap ≡ 1.
            let mv = &got.winning_moves[0];
            let after = mv.apply(p.piles()).unwrap();
            assert_eq!(after[0].rem_u64(k + 1), 1, "{mv:?}");
        }
    }
}

/// Sums of Nim heaps and heaps of several K: the misère Nim rule on n mod (K + 1) with no
/// search, against the oracle, on every sum of two components of up to two heaps of 0..=6.
#[test]
fn nim_like_sums() {
    let g = game();
    let fams = [Fam::Nim, Fam::MaxTake(1), Fam::MaxTake(2), Fam::MaxTake(3)];
    for f1 in &fams {
        for f2 in &fams {
            for a in 0..=6u64 {
                for b in 0..=6u64 {
                    for c in [0u64, 3, 6] {
                        let sum = [
                            Comp {
                                fam: f1.clone(),
                                piles: vec![a, c],
                            },
                            Comp {
                                fam: f2.clone(),
                                piles: vec![b],
                            },
                        ];
                        let got = g.analyze(&position(&sum)).unwrap();
                        assert_eq!(
                            got.outcome,
                            Outcome::from_to_move_wins(to_move_wins(&sum, true)),
                            "{sum:?}"
                        );
                        assert_eq!(
                            got.winning_moves.len(),
                            winning_moves(&sum, true).len(),
                            "{sum:?}"
                        );
                    }
                }
            }
        }
    }
}

/// Subtraction {1, 3, 4}: tame (proven by the quotient check for every heap, from its
/// Grundy period 7), so sums of any size are answered without a search: heaps of 40 against
/// the oracle would be too slow, so heaps up to 9 against the oracle, and five heaps of 40 and
/// of 10^6 answered by the same rule.
#[test]
fn subtraction_134_is_tame() {
    let g = game();
    for a in 0..=9u64 {
        for b in 0..=9u64 {
            for c in [0u64, 2, 7] {
                let sum = [Comp {
                    fam: Fam::Finite(vec![1, 3, 4]),
                    piles: vec![a, b, c],
                }];
                let got = g.analyze(&position(&sum)).unwrap();
                assert_eq!(got.decided_by, Theorem::MisereTame);
                assert_eq!(
                    got.outcome,
                    Outcome::from_to_move_wins(to_move_wins(&sum, true)),
                    "{sum:?}"
                );
                assert_eq!(got.winning_moves.len(), winning_moves(&sum, true).len());
            }
        }
    }
    let rules = Rules::parse("subtract:1,3,4").unwrap();
    for n in [40u64, 1_000_000] {
        let p = Position::sum([(rules.clone(), vec![Nat::from(n); 5])]).unwrap();
        let got = g.analyze(&p).unwrap();
        assert_eq!(got.decided_by, Theorem::MisereTame, "heaps of {n}");
    }
}

/// Digital deletions beside other wild or tame heaps in misère play: the theory's checks walked
/// every size up to the largest heap, heap 0 and numbers that are no string of digits (2..9)
/// included, and refused "pile 0 is no position of digits". Now only the family's positions
/// are checked, and every outcome and winning move count is the oracle's, with no search.
#[test]
fn misere_digits_sum_checks_only_positions_of_digits() {
    use crate::common::break_brute::Rule;
    let g = game();
    let mut oracle = Oracle::new();
    let digit_heaps = [1u64, 10, 11, 14, 19, 100, 105, 110, 119];
    for &d in &digit_heaps {
        for n in 0..=2u64 {
            for c in [0u64, 3, 8] {
                let sum = [
                    BComp {
                        rule: Rule::Digits,
                        heaps: vec![d],
                    },
                    BComp {
                        rule: Rule::Nim,
                        heaps: vec![n],
                    },
                    BComp {
                        rule: Rule::named("dawsons-chess"),
                        heaps: vec![c],
                    },
                ];
                check_misere_sum(
                    &g,
                    &mut oracle,
                    &sum,
                    &format!("digits {d} + nim {n} + dawsons-chess {c}"),
                );
            }
        }
    }
}

/// A batch whose lines each name their game (`kayles 20 5 8 17`) made a fresh game per line,
/// which learned the misère quotient again each time (20.8 s for 20 lines, against 0.73 s with
/// `--game kayles`). The games made for each line now share the proven theories: one quotient
/// for every line, and the batch answers line for line what `--game kayles` answers.
#[test]
fn misere_batch_with_the_game_on_each_line_learns_the_quotient_once() {
    use crate::common::cli::ok_stdin;
    let parent = Game::new(Rules::nim(), Play::Misere, no_search());
    let kayles = Rules::parse("kayles").unwrap();
    for piles in [[20u64, 5, 8], [15, 10, 4], [4, 1, 19]] {
        let line = parent.with_rules(kayles.clone());
        let p = line
            .position(piles.iter().map(|&h| Nat::from(h)).collect())
            .unwrap();
        assert_eq!(
            line.analyze(&p).unwrap().decided_by,
            Theorem::MisereQuotient
        );
        assert_eq!(parent.misere_theories_held(), 1, "{piles:?}");
    }
    let lines = "20 5 8 17\n15 10 4\n4 1 19\n7 7\n1\n";
    let named: String = lines.lines().map(|l| format!("kayles {l}\n")).collect();
    let by_line = ok_stdin(&["analyze", "--misere", "--json"], &named);
    let by_flag = ok_stdin(
        &["analyze", "--misere", "--json", "--game", "kayles"],
        lines,
    );
    let outcomes = |out: &str| -> Vec<String> {
        crate::common::cli::json_lines(out)
            .iter()
            .map(|v| v["outcome"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(outcomes(&by_line), outcomes(&by_flag));
    assert_eq!(outcomes(&by_line).len(), 5);
}

/// Misère Kayles 16 + Dawson's Kayles 16 was refused: no quotient of the two together is
/// found, and the search's bound counted every partition of each family's tokens, heaps that
/// have no move (Dawson's heaps of 1) included, though the search drops them: 26,791,200 steps
/// over the limit of 10,000,000. Counted as the search keeps positions, it is searched, and
/// the outcome and the winning moves are the oracle's.
#[test]
fn misere_kayles_plus_dawsons_kayles_16_is_searched() {
    use crate::common::break_brute::Rule;
    let g = Game::new(Rules::nim(), Play::Misere, Limits::default());
    let mut oracle = Oracle::new();
    for (k, d) in [(16u64, 16u64), (15, 16), (16, 13), (9, 12)] {
        let sum = [
            BComp {
                rule: Rule::named("kayles"),
                heaps: vec![k],
            },
            BComp {
                rule: Rule::named("dawsons-kayles"),
                heaps: vec![d],
            },
        ];
        check_misere_sum(
            &g,
            &mut oracle,
            &sum,
            &format!("kayles {k} + dawsons-kayles {d}"),
        );
    }
}

/// Larger sums of the two are still refused, and the refusal names the flag to raise.
#[test]
fn misere_kayles_plus_dawsons_kayles_20_names_the_search_limit() {
    let run = crate::common::cli::run(
        &[
            "analyze",
            "--misere",
            "kayles",
            "20",
            "+",
            "dawsons-kayles",
            "20",
        ],
        b"",
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--search-limit"), "{}", run.stderr);
}

/// Misère 0.156 on heaps of 100000 and 200000 took 4–22 s to refuse: the tame candidate was
/// checked on thousands of heaps (every break of each listed) before a small position refuted
/// it, and the learner re-walked the monoid of types from the identity for every heap. The
/// small heaps are now checked first and a proven walk is extended; the refusal (exit 2) still
/// names the search limit, and a small position is still answered by the learned quotient.
#[test]
fn misere_octal_0156_large_heaps_refuse_naming_the_search_limit() {
    let run = crate::common::cli::run(
        &[
            "analyze",
            "--misere",
            "--game",
            "octal:0.156",
            "100000",
            "200000",
        ],
        b"",
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--search-limit"), "{}", run.stderr);
    use crate::common::break_brute::Rule;
    let g = game();
    let mut oracle = Oracle::new();
    for heaps in [vec![10u64, 20], vec![7, 9, 12], vec![29, 4]] {
        let sum = [BComp {
            rule: Rule::octal("0.156"),
            heaps: heaps.clone(),
        }];
        let p = position_of(&sum);
        let got = g.analyze(&p).unwrap();
        assert_eq!(got.decided_by, Theorem::MisereQuotient, "{heaps:?}");
        assert_eq!(
            got.outcome,
            Outcome::from_to_move_wins(oracle.wins(&sum, true)),
            "{heaps:?}"
        );
    }
}

fn position_of(sum: &[crate::common::break_brute::Comp]) -> Position {
    Position::sum(sum.iter().map(|c| {
        (
            Rules::parse(&c.rule.spec()).unwrap(),
            c.heaps.iter().map(|&p| Nat::from(p)).collect(),
        )
    }))
    .unwrap()
}

/// `sum` under misère play, analysed by `game`, against the oracle: the outcome and the number
/// of winning moves.
fn check_misere_sum(game: &Game, oracle: &mut Oracle, sum: &[BComp], label: &str) {
    let position = Position::sum(sum.iter().map(|c| {
        (
            Rules::parse(&c.rule.spec()).unwrap(),
            c.heaps.iter().map(|&p| Nat::from(p)).collect(),
        )
    }))
    .unwrap();
    let got = game.analyze(&position).unwrap();
    assert_eq!(
        got.outcome,
        Outcome::from_to_move_wins(oracle.wins(sum, true)),
        "{label}"
    );
    assert_eq!(
        got.winning_moves.len(),
        oracle.winning_moves(sum, true).len(),
        "winning moves of {label}"
    );
}

/// Misère Dawson's Kayles with a heap of 25 was beyond the learned quotient (the learner
/// stopped at heap 25), so `analyze --misere --game dawsons-kayles 21 25` had no theory. Now
/// the quotient of heaps up to 25 decides such sums, the search switched off, and the outcomes
/// are the take-and-break oracle's.
#[test]
fn misere_dawsons_kayles_heap_25_is_decided_by_the_quotient() {
    use crate::common::break_brute::Rule;
    let g = game();
    let mut oracle = Oracle::new();
    // The largest heap first: the quotient learned for it is kept for the others.
    for heaps in [
        vec![21u64, 25],
        vec![2, 23, 25],
        vec![25, 4, 6],
        vec![24, 21],
        vec![25],
    ] {
        let sum = [BComp {
            rule: Rule::named("dawsons-kayles"),
            heaps: heaps.clone(),
        }];
        let got = g.analyze(&position_of(&sum)).unwrap();
        assert_eq!(got.decided_by, Theorem::MisereQuotient, "{heaps:?}");
        assert_eq!(
            got.outcome,
            Outcome::from_to_move_wins(oracle.wins(&sum, true)),
            "{heaps:?}"
        );
    }
}

#[test]
fn misere_dawsons_kayles_heap_40_is_decided_by_the_search() {
    // Beyond heap 30 no learner reaches a quotient: a position the search can answer is
    // searched (the thorough learner is asked only where the search cannot answer).
    let mut oracle = Oracle::new();
    for heaps in [vec![40u64], vec![40, 3]] {
        let sum = [BComp {
            rule: crate::common::break_brute::Rule::named("dawsons-kayles"),
            heaps: heaps.clone(),
        }];
        let searching = Game::new(Rules::nim(), Play::Misere, Limits::default());
        let got = searching.analyze(&position_of(&sum)).unwrap();
        assert_eq!(got.decided_by, Theorem::ExhaustiveSearch, "{heaps:?}");
        assert_eq!(
            got.outcome,
            Outcome::from_to_move_wins(oracle.wins(&sum, true)),
            "{heaps:?}"
        );
    }
}

#[test]
fn misere_dawsons_kayles_beyond_the_search_limit_is_learned_thoroughly() {
    // Past the search limit the thorough learner (recalibration) decides 21 + 25.
    let limits = Limits {
        search: 1000,
        ..Limits::default()
    };
    let g = Game::new(
        Rules::parse("dawsons-kayles").unwrap(),
        Play::Misere,
        limits,
    );
    let sum = [BComp {
        rule: crate::common::break_brute::Rule::named("dawsons-kayles"),
        heaps: vec![21, 25],
    }];
    let got = g.analyze(&position_of(&sum)).unwrap();
    assert_eq!(got.decided_by, Theorem::MisereQuotient);
    assert_eq!(
        got.outcome,
        Outcome::from_to_move_wins(Oracle::new().wins(&sum, true))
    );
}

/// A line's answer does not depend on the lines before it: after a quotient learned for wild
/// heaps (Kayles 22), a tame position (Kayles 3) is still decided by the tame theory, as it is
/// alone.
#[test]
fn a_tame_position_after_a_wild_one_is_decided_as_it_is_alone() {
    use crate::common::cli::{json_lines, ok_stdin};
    let decided = |stdin: &str| -> Vec<String> {
        json_lines(&ok_stdin(&["analyze", "--misere", "--json"], stdin))
            .iter()
            .map(|v| v["decided_by"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let alone = decided("kayles 3\n");
    let after = decided("kayles 22\nkayles 3\n");
    assert_eq!(after[0], "misere_quotient");
    assert_eq!(after[1], alone[0]);
    assert_eq!(alone[0], "misere_tame");
}
