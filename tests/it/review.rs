//! `nimsolve review`: a game given as successive positions, one a line, judged step by step.
//! The worked example of Bouton's game (7,8,9) → (1,8,9) → … → (0,0,0) with its real verdicts
//! and states, in English, Chinese and JSON; steps that no single legal move makes, with their
//! line numbers; and a property test of the verdicts of random games of small sums against the
//! independent game-tree search of `tests/it/common/brute.rs` (which shares no code with the
//! library).

use crate::common::brute::{BruteMove, Comp, Fam, apply, args, moves, sum, to_move_wins};
use crate::common::cli::{json_lines, ok, ok_stdin, run};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::Value;

/// The worked game as the notes play it: 甲 (first) moves to a P-position every time, 乙
/// (second) has only moves of a lost position.
const WORKED: &str =
    "7 8 9\n1 8 9\n1 8 4\n1 5 4\n1 4 4\n0 4 4\n0 4 2\n0 2 2\n0 2 1\n0 1 1\n0 1 0\n0 0 0\n";

#[test]
fn the_worked_example_in_words() {
    let out = ok_stdin(&["review"], WORKED);
    let expected = "\
Review of Nim, normal play from 7 8 9
   1  first   take 6 from pile 1 (7 → 1)  → 1 8 9  [T2, P-position]  wins
   2  second  take 5 from pile 3 (9 → 4)  → 1 8 4  [S2, N-position]  lost
   3  first   take 3 from pile 2 (8 → 5)  → 1 5 4  [T2, P-position]  wins
   4  second  take 1 from pile 2 (5 → 4)  → 1 4 4  [S2, N-position]  lost
   5  first   take 1 from pile 1 (1 → 0)  → 0 4 4  [T2, P-position]  wins
   6  second  take 2 from pile 3 (4 → 2)  → 0 4 2  [S2, N-position]  lost
   7  first   take 2 from pile 2 (4 → 2)  → 0 2 2  [T2, P-position]  wins
   8  second  take 1 from pile 3 (2 → 1)  → 0 2 1  [S1, N-position]  lost
   9  first   take 1 from pile 2 (2 → 1)  → 0 1 1  [T0, P-position]  wins
  10  second  take 1 from pile 3 (1 → 0)  → 0 1 0  [S0, N-position]  lost
  11  first   take 1 from pile 2 (1 → 0)  → 0 0 0  [T0, P-position]  wins
First player wins after 11 moves (first made the last move, normal play)
";
    assert_eq!(out, expected);
}

#[test]
fn the_worked_example_in_chinese_names_the_singular_positions() {
    let out = ok_stdin(&["--lang", "zh", "review"], WORKED);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "复盘：Nim，正常规则，从 7 8 9 开始");
    assert_eq!(
        lines[1],
        "   1  先手    从第 1 堆取 6 个（7 → 1）  → 1 8 9  [T2，奇异局势]  胜着"
    );
    assert_eq!(
        lines[2],
        "   2  后手    从第 3 堆取 5 个（9 → 4）  → 1 8 4  [S2，非奇异局势]  必败"
    );
    // Every move of 甲 reaches a 奇异局势, as the notes mark it.
    assert_eq!(out.matches("[T2，奇异局势]  胜着").count(), 4);
    assert_eq!(out.matches("[T0，奇异局势]  胜着").count(), 2);
    assert_eq!(out.matches("必败").count(), 5);
    assert_eq!(
        lines[12],
        "先手获胜，共 11 步（先手走了最后一步，正常规则）"
    );
}

#[test]
fn the_worked_example_as_json() {
    let out = ok_stdin(&["review", "--json"], WORKED);
    let steps = json_lines(&out);
    assert_eq!(steps.len(), 12, "11 steps and the winner");
    let first = &steps[0];
    assert_eq!(first["line"], 2);
    assert_eq!(first["turn"], 1);
    assert_eq!(first["player"], "first");
    assert_eq!(first["legal"], true);
    assert_eq!(first["move"]["pile"], 1);
    assert_eq!(first["move"]["from"], 7);
    assert_eq!(first["move"]["to"], 1);
    assert_eq!(first["move"]["take"], 6);
    assert_eq!(first["before"], serde_json::json!([7, 8, 9]));
    assert_eq!(first["after"], serde_json::json!([1, 8, 9]));
    assert_eq!(first["state"], "T2");
    assert_eq!(first["outcome"], "P");
    assert_eq!(first["verdict"], "wins");
    assert!(first.get("winning_move").is_none());
    for (k, step) in steps[..11].iter().enumerate() {
        let (verdict, outcome) = if k % 2 == 0 {
            ("wins", "P")
        } else {
            ("lost", "N")
        };
        assert_eq!(step["verdict"], verdict, "step {}", k + 1);
        assert_eq!(step["outcome"], outcome, "step {}", k + 1);
        assert_eq!(step["line"], k as u64 + 2);
    }
    assert_eq!(
        steps[11],
        serde_json::json!({"winner": "first", "turns": 11})
    );
}

#[test]
fn a_blunder_names_the_winning_move() {
    // 3 4 5 is won (nim-sum 2); 3 4 4 is not a P-position, so the win is thrown away; 3 → 1
    // (3 ⊕ 2 = 1) would have kept it.
    let out = ok_stdin(&["review"], "3 4 5\n3 4 4\n");
    assert_eq!(
        out.lines().nth(1).unwrap(),
        "   1  first   take 1 from pile 3 (5 → 4)  → 3 4 4  [S2, N-position]  blunder: take 2 from pile 1 (3 → 1) wins"
    );
    let step = &json_lines(&ok_stdin(&["review", "--json"], "3 4 5\n3 4 4\n"))[0];
    assert_eq!(step["verdict"], "blunder");
    assert_eq!(
        step["winning_move"],
        serde_json::json!({"component": 1, "pile": 1, "from": 3, "to": 1, "take": 2, "after": "1 4 5"})
    );
}

#[test]
fn an_illegal_step_names_its_line_and_the_review_goes_on() {
    let input = "# a game\n3 4 5\n\n3 4 4\n1 2 3\n1 2 2\n";
    let r = run(&["review"], input);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "nimsolve: error: line 5: no single legal move leads from 3 4 4 to 1 2 3: piles 1, 2 and 3 changed: a move changes one pile\n"
    );
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[2],
        "   2  second  no single legal move leads from 3 4 4 to 1 2 3: piles 1, 2 and 3 changed: a move changes one pile"
    );
    // From the line's position on, and the second player still to move: 1 2 3 is a
    // P-position, so any move of it is lost.
    assert_eq!(
        lines[3],
        "   2  second  take 1 from pile 3 (3 → 2)  → 1 2 2  [S2, N-position]  lost"
    );
    let r = run(&["review", "--json"], input);
    assert_eq!(r.code, Some(2));
    let steps = json_lines(&r.stdout);
    assert_eq!(steps[1]["line"], 5);
    assert_eq!(steps[1]["legal"], false);
    assert_eq!(steps[1]["before"], serde_json::json!([3, 4, 4]));
    assert_eq!(steps[1]["after"], serde_json::json!([1, 2, 3]));
    assert!(steps[1].get("move").is_none());
    assert!(
        steps[1]["error"]
            .as_str()
            .unwrap()
            .contains("piles 1, 2 and 3")
    );
    assert_eq!(steps[2]["legal"], true);
    assert_eq!(steps[2]["turn"], 2);
    assert_eq!(steps[2]["player"], "second");
}

#[test]
fn steps_the_rules_forbid_and_lines_that_are_no_position() {
    let r = run(&["review", "--max-take", "3"], "10\n5\n");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "nimsolve: error: line 2: no single legal move leads from 10 to 5: take 5 from pile 1 (10 → 5) would lead there, but illegal move: a move takes at most 3, not 5\n"
    );
    let r = run(&["review"], "1 2\n1 3\n1 x\n");
    assert_eq!(r.code, Some(2));
    let err: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(
        err[0],
        "nimsolve: error: line 2: no single legal move leads from 1 2 to 1 3: pile 2 grew from 2 to 3: a move never adds objects"
    );
    assert!(
        err[1].starts_with("nimsolve: error: line 3: pile \"x\""),
        "{}",
        err[1]
    );
    let r = run(&["review"], "1 2 + wythoff 1 2\n1 2\n");
    assert!(r.stderr.contains("line 2: no single legal move leads from 1 2 + wythoff 1 2 to 1 2: the position has 1 component where the one before had 2"), "{}", r.stderr);
}

#[test]
fn sums_wythoff_splits_and_a_file() {
    let out = ok_stdin(
        &["review"],
        "3 + wythoff 4 7\n3 + wythoff 1 4\n0 + wythoff 1 4\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Review of Nim + Wythoff's game, normal play from 3 + wythoff 4 7"
    );
    // 3 + (4, 7): Grundy value 3 ⊕ 0 = 3, an N-position, won by emptying the Nim heap; the
    // move in Wythoff's game leaves the Nim heap's 3 beside (1, 4), which is not a P-position.
    assert_eq!(
        lines[1],
        "   1  first   take 3 from both piles 2 and 3 (4 7 → 1 4)  → 3 + wythoff 1 4  [N-position]  blunder: take 3 from pile 1 (3 → 0) wins"
    );
    let out = ok_stdin(&["review", "--json"], "kayles 10\nkayles 8 1\n");
    let step = &json_lines(&out)[0];
    assert_eq!(
        step["move"],
        serde_json::json!({"component": 1, "pile": 1, "from": 10, "leaves": [1, 8], "take": 1, "after": "kayles 1 8"})
    );
    assert_eq!(step["after"], serde_json::json!([8, 1]));
    assert_eq!(step["verdict"], "wins");
    // From a file, as from standard input.
    let dir = std::env::temp_dir().join(format!("nimsolve-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(&file, WORKED).unwrap();
    let from_file = ok_stdin(&["review", file.to_str().unwrap()], "");
    assert_eq!(from_file, ok_stdin(&["review"], WORKED));
    assert_eq!(ok_stdin(&["review", "-"], WORKED), from_file);
    let missing = dir.join("missing.txt");
    let r = run(&["review", missing.to_str().unwrap()], "");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.starts_with("nimsolve: error: opening "),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn misere_play_reverses_the_end() {
    // Misère Nim: 1 1 4 → 1 1 1 leaves an odd number of piles of one and none larger (S0):
    // the player to move there loses, and the one who takes the last object loses.
    let out = ok_stdin(
        &["review", "--misere"],
        "1 1 4\n1 1 1\n1 1 0\n1 0 0\n0 0 0\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "   1  first   take 3 from pile 3 (4 → 1)  → 1 1 1  [S0, P-position]  wins"
    );
    assert_eq!(
        lines[5],
        "First player wins after 4 moves (second made the last move, misère play)"
    );
}

// ---------------------------------------------------------------------------------------------
// Against the independent search.
// ---------------------------------------------------------------------------------------------

/// A sum as a line of the position grammar.
fn line(sum: &[Comp]) -> String {
    args(sum).join(" ")
}

/// The component and pile (0-based, within it) of pile `global` (0-based) of `sum`.
fn locate(sum: &[Comp], global: usize) -> (usize, usize) {
    let mut at = 0;
    for (i, c) in sum.iter().enumerate() {
        if global < at + c.piles.len() {
            return (i, global - at);
        }
        at += c.piles.len();
    }
    panic!("no pile {global} in {sum:?}");
}

/// The oracle's move for a move as the JSON writes it (`pile` 1-based across the whole sum or
/// `"both"` with the component's `after`, `to` the pile left).
fn brute_move(sum: &[Comp], mv: &Value) -> BruteMove {
    if mv["pile"] == "both" {
        let component = mv["component"].as_u64().map_or(0, |c| c as usize - 1);
        let after = crate::common::cli::after_piles(mv);
        return BruteMove {
            component,
            pile: None,
            after,
        };
    }
    let (component, pile) = locate(sum, mv["pile"].as_u64().unwrap() as usize - 1);
    let mut after = sum[component].piles.clone();
    after[pile] = mv["to"].as_u64().unwrap();
    BruteMove {
        component,
        pile: Some(pile),
        after,
    }
}

/// A random game from `start`: the move picked by each of `picks` among the legal moves, until
/// none is left or the picks run out.
fn game_of(start: Vec<Comp>, picks: &[usize]) -> Vec<Vec<Comp>> {
    let mut positions = vec![start];
    for &pick in picks {
        let now = positions.last().unwrap();
        let options = moves(now);
        if options.is_empty() {
            break;
        }
        let next = apply(now, &options[pick % options.len()]);
        positions.push(next);
    }
    positions
}

fn check_review(start: Vec<Comp>, picks: Vec<usize>, misere: bool) -> Result<(), TestCaseError> {
    let positions = game_of(start, &picks);
    let input: String = positions.iter().map(|p| line(p) + "\n").collect();
    let mut flags = vec!["review", "--json", "--search-limit", "100000000"];
    if misere {
        flags.push("--misere");
    }
    let out = ok_stdin(&flags, &input);
    let values = json_lines(&out);
    let steps = positions.len() - 1;
    let over = moves(positions.last().unwrap()).is_empty();
    prop_assert_eq!(values.len(), steps + 1);
    for (k, pair) in positions.windows(2).enumerate() {
        let (before, after) = (&pair[0], &pair[1]);
        let step = &values[k];
        prop_assert_eq!(&step["legal"], &Value::Bool(true));
        prop_assert_eq!(step["turn"].as_u64(), Some(k as u64 + 1));
        // The move the review found leads there.
        let found = brute_move(before, &step["move"]);
        prop_assert_eq!(&apply(before, &found), after, "step {}", k + 1);
        let before_wins = to_move_wins(before, misere);
        let after_wins = to_move_wins(after, misere);
        let outcome = if after_wins { "N" } else { "P" };
        prop_assert_eq!(step["outcome"].as_str(), Some(outcome));
        let verdict = match (before_wins, after_wins) {
            (false, _) => "lost",
            (true, false) => "wins",
            (true, true) => "blunder",
        };
        prop_assert_eq!(step["verdict"].as_str(), Some(verdict), "step {}", k + 1);
        if verdict == "blunder" {
            // The move it names wins: it leaves a position lost for the player to move.
            let winning = brute_move(before, &step["winning_move"]);
            prop_assert!(moves(before).contains(&winning), "{winning:?} is legal");
            prop_assert!(!to_move_wins(&apply(before, &winning), misere));
        } else {
            prop_assert!(step.get("winning_move").is_none());
        }
    }
    prop_assert_eq!(values[steps]["turns"].as_u64(), Some(steps as u64));
    if over && steps > 0 {
        // The last mover wins under normal play, the other player under misère play; a start
        // with no move has no mover and no winner.
        let last_mover_first = steps % 2 == 1;
        let first_wins = last_mover_first != misere;
        let winner = if first_wins { "first" } else { "second" };
        prop_assert_eq!(values[steps]["winner"].as_str(), Some(winner));
    } else {
        prop_assert!(values[steps].get("winner").is_none());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random games of small sums of every heap family and Wythoff's game, under both play
    /// conventions: the move found, the outcome after it and the verdict agree with the search.
    #[test]
    fn verdicts_agree_with_the_search(
        start in sum(2, 5),
        picks in prop::collection::vec(0..64usize, 1..12),
        misere in any::<bool>(),
    ) {
        check_review(start, picks, misere)?;
    }

    /// Random games of Nim alone, whose verdicts come from Bouton's theorem in the library.
    #[test]
    fn nim_verdicts_agree_with_the_search(
        piles in prop::collection::vec(0..6u64, 1..4),
        picks in prop::collection::vec(0..64usize, 1..16),
        misere in any::<bool>(),
    ) {
        check_review(vec![Comp { fam: Fam::Nim, piles }], picks, misere)?;
    }
}

// ---------------------------------------------------------------------------------------------
// The README.
// ---------------------------------------------------------------------------------------------

/// The README's `$ printf '…' | nimsolve …` transcripts (a review with a bad step, a Chinese
/// trainer game, a batch with a bad line): the typed lines piped in give exactly the lines
/// shown, the standard error's (`nimsolve: error: …`) apart.
#[test]
fn readme_printf_transcripts_match_the_binary() {
    let readme = include_str!("../../README.md");
    let mut checked = 0;
    let mut lines = readme.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("$ printf '") else {
            continue;
        };
        let (input, command) = rest
            .split_once("' | nimsolve ")
            .expect("printf … | nimsolve");
        let input = input.replace("\\n", "\n");
        let args: Vec<&str> = command.split_whitespace().collect();
        let (mut stdout, mut stderr) = (String::new(), String::new());
        while let Some(shown) = lines.next_if(|l| !l.starts_with("```") && !l.starts_with("$ ")) {
            let target = if shown.starts_with("nimsolve: error: ") {
                &mut stderr
            } else {
                &mut stdout
            };
            target.push_str(shown);
            target.push('\n');
        }
        let r = run(&args, input.as_bytes());
        assert_eq!(r.stdout, stdout, "$ {line}");
        assert_eq!(r.stderr, stderr, "$ {line}");
        assert_eq!(
            r.code,
            Some(if stderr.is_empty() { 0 } else { 2 }),
            "$ {line}"
        );
        checked += 1;
    }
    assert!(
        checked >= 2,
        "the README's review and Chinese trainer transcripts"
    );
}

// ---------------------------------------------------------------------------------------------
// Take-and-break games, against their own independent search.
// ---------------------------------------------------------------------------------------------

mod breaks {
    use crate::common::break_brute::{BreakMove, Comp, Oracle, Rule, apply, args, moves};
    use crate::common::cli::{json_lines, ok_stdin};
    use proptest::prelude::*;
    use proptest::test_runner::TestCaseError;
    use serde_json::Value;

    /// Rules whose moves break heaps in two, with and without taking, and Nim beside them.
    fn rule() -> impl Strategy<Value = Rule> {
        prop_oneof![
            Just(Rule::named("kayles")),
            Just(Rule::named("dawsons-kayles")),
            Just(Rule::GrundysGame),
            Just(Rule::LaskersNim),
            Just(Rule::octal("4.07")),
            Just(Rule::Nim),
        ]
    }

    fn position() -> impl Strategy<Value = Vec<Comp>> {
        prop::collection::vec(
            (rule(), prop::collection::vec(0..8u64, 1..=2))
                .prop_map(|(rule, heaps)| Comp { rule, heaps }),
            1..=2,
        )
    }

    /// The oracle's move for a move as the JSON writes it: `pile` 1-based across the whole
    /// position, with the heaps it `leaves` or the pile it goes `to` (0: nothing left).
    fn break_move(pos: &[Comp], mv: &Value) -> BreakMove {
        let mut global = mv["pile"].as_u64().unwrap() as usize - 1;
        let component = pos
            .iter()
            .position(|c| {
                if global < c.heaps.len() {
                    true
                } else {
                    global -= c.heaps.len();
                    false
                }
            })
            .unwrap();
        let number = |v: &Value| v.as_u64().unwrap();
        let leaves = match mv.get("leaves") {
            Some(leaves) => leaves.as_array().unwrap().iter().map(number).collect(),
            None => match number(&mv["to"]) {
                0 => Vec::new(),
                to => vec![to],
            },
        };
        BreakMove {
            component,
            heap: global,
            leaves,
        }
    }

    fn check(start: Vec<Comp>, picks: Vec<usize>, misere: bool) -> Result<(), TestCaseError> {
        let mut positions = vec![start];
        for pick in picks {
            let options = moves(positions.last().unwrap());
            if options.is_empty() {
                break;
            }
            let next = apply(positions.last().unwrap(), &options[pick % options.len()]);
            positions.push(next);
        }
        let input: String = positions.iter().map(|p| args(p).join(" ") + "\n").collect();
        let mut flags = vec!["review", "--json"];
        if misere {
            flags.push("--misere");
        }
        let values = json_lines(&ok_stdin(&flags, &input));
        let mut oracle = Oracle::new();
        for (k, pair) in positions.windows(2).enumerate() {
            let (before, after) = (&pair[0], &pair[1]);
            let step = &values[k];
            prop_assert_eq!(&step["legal"], &Value::Bool(true));
            prop_assert_eq!(&apply(before, &break_move(before, &step["move"])), after);
            let before_wins = oracle.wins(before, misere);
            let after_wins = oracle.wins(after, misere);
            let verdict = match (before_wins, after_wins) {
                (false, _) => "lost",
                (true, false) => "wins",
                (true, true) => "blunder",
            };
            prop_assert_eq!(step["verdict"].as_str(), Some(verdict), "step {}", k + 1);
            if verdict == "blunder" {
                let winning = break_move(before, &step["winning_move"]);
                prop_assert!(moves(before).contains(&winning), "{winning:?} is legal");
                prop_assert!(!oracle.wins(&apply(before, &winning), misere));
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// Random games of small take-and-break positions (and Nim beside them), under both
        /// play conventions: the break found and the verdict agree with the search.
        #[test]
        fn verdicts_of_breaks_agree_with_the_search(
            start in position(),
            picks in prop::collection::vec(0..64usize, 1..10),
            misere in any::<bool>(),
        ) {
            check(start, picks, misere)?;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rough edges a newcomer found, each driven through the binary.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_move_from_both_wythoff_piles_in_a_sum_of_three_names_the_pair() {
    let out = ok_stdin(
        &["review", "--game", "wythoff"],
        "3 5 + 4 7 + 1 2\n3 5 + 1 4 + 1 2\n",
    );
    assert_eq!(
        out.lines().nth(1).unwrap(),
        "   1  first   take 3 from both piles 3 and 4 (4 7 → 1 4)  → wythoff 3 5 + wythoff 1 4 + wythoff 1 2  [N-position]  lost"
    );
    // A mixed sum: the winning move the blunder names is one from both piles too.
    let out = ok_stdin(&["review"], "wythoff 4 7 + 3\nwythoff 1 4 + 3\n");
    assert_eq!(
        out.lines().nth(1).unwrap(),
        "   1  first   take 3 from both piles 1 and 2 (4 7 → 1 4)  → wythoff 1 4 + 3  [N-position]  blunder: take 4 from both piles 1 and 2 (4 7 → 0 3) wins"
    );
    let out = ok_stdin(
        &["--lang", "zh", "review"],
        "1 + 2 + wythoff 4 7\n1 + 2 + wythoff 1 4\n",
    );
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .contains("从第 3 堆和第 4 堆各取 3 个（4 7 → 1 4）  → 1 + 2 + wythoff 1 4"),
        "{out}"
    );
}

#[test]
fn a_heap_emptied_or_broken_may_be_written_as_heaps_in_any_order() {
    // Kayles: 5 → 2 2 (the middle pin), 2 2 → 2 (a row of 2 knocked down, left out), 2 → 0.
    let out = ok_stdin(&["review"], "kayles 5\nkayles 2 2\nkayles 2\nkayles 0\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "   1  first   take 1 from pile 1 (5 → 2 + 2)  → 2 2  [P-position]  wins"
    );
    assert_eq!(
        lines[2],
        "   2  second  take 2 from pile 1 (2 → 0)  → 2  [N-position]  lost"
    );
    assert_eq!(
        lines[3],
        "   3  first   take 2 from pile 1 (2 → 0)  → 0  [P-position]  wins"
    );
    assert_eq!(
        lines[4],
        "First player wins after 3 moves (first made the last move, normal play)"
    );
    // Kayles 3 1 → 3: the lone pin taken; JSON names pile 2 and writes `after` as given.
    let step = &json_lines(&ok_stdin(&["review", "--json"], "kayles 3 1\nkayles 3\n"))[0];
    assert_eq!(
        step["move"],
        serde_json::json!({"component": 1, "pile": 2, "from": 1, "to": 0, "take": 1, "after": "kayles 3 0"})
    );
    assert_eq!(step["after"], serde_json::json!([3]));
    // Nim 3 1 → 3: only emptying pile 2 leads there, and the line says so.
    let out = ok_stdin(&["review"], "3 1\n3\n");
    assert_eq!(
        out.lines().nth(1).unwrap(),
        "   1  first   take 1 from pile 2 (1 → 0)  → 3  [S1, N-position]  blunder: take 2 from pile 1 (3 → 1) wins"
    );
    // In a sum, the Wythoff component after the emptied pile keeps its own piles.
    let step = &json_lines(&ok_stdin(
        &["review", "--json"],
        "3 1 + wythoff 1 2\n3 + wythoff 1 2\n",
    ))[0];
    assert_eq!(
        step["move"],
        serde_json::json!({"component": 1, "pile": 2, "from": 1, "to": 0, "take": 1, "after": "3 0"})
    );
}

#[test]
fn a_changed_number_of_piles_is_said_plainly() {
    let r = run(&["review"], "3 4 5\n3\n");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "nimsolve: error: line 2: no single legal move leads from 3 4 5 to 3: 3 piles before, 1 after: the piles of 4 and 5 went or changed, and a move changes one pile (an emptied pile may be left out or written as 0)\n"
    );
    let r = run(&["review"], "4\n1 2\n");
    assert!(r.stderr.ends_with("1 pile before, 2 after: the pile of 4 became 1 + 2, but a move of this game never breaks a pile into several\n"), "{}", r.stderr);
    let r = run(&["review"], "kayles 3\nkayles 2 2\n");
    assert!(r.stderr.ends_with("1 pile before, 2 after: the heap of 3 became 2 + 2, which hold more, and a move never adds objects\n"), "{}", r.stderr);
    let r = run(&["review"], "calendar 5 6\ncalendar 5\n");
    assert!(r.stderr.ends_with("2 piles before, 1 after: a move of this game changes piles in place and keeps their number\n"), "{}", r.stderr);
    let r = run(&["review"], "1 + 2 3\n1 + 3\n");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = run(&["review"], "1 + 2 3 4\n1 + 2\n");
    assert!(
        r.stderr.contains(
            ": in component 2: 3 piles before, 1 after: the piles of 3 and 4 went or changed"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn illegal_steps_are_not_counted_as_moves() {
    // Step 1 (1 → 2) is no move, so the first player is still to move, and 2 → 0 is the
    // game's one move, the first player's.
    let r = run(&["review"], "1\n2\n0\n");
    assert_eq!(r.code, Some(2));
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[2],
        "   1  first   take 2 from pile 1 (2 → 0)  → 0  [T0, P-position]  wins"
    );
    assert_eq!(
        lines[3],
        "First player wins after 1 move (first made the last move, normal play)"
    );
    assert_eq!(
        lines[4],
        "1 step was no legal move and is not counted among the moves."
    );
    let r = run(&["review", "--json"], "1\n2\n0\n");
    assert_eq!(r.code, Some(2));
    let values = json_lines(&r.stdout);
    assert_eq!(
        values[2],
        serde_json::json!({"turns": 1, "winner": "first", "illegal_steps": 1})
    );
    // An unfinished game counts its legal moves too.
    let r = run(&["review"], "3 4 5\n3 4 6\n3 4 4\n");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stdout.lines().nth(3).unwrap(),
        "The game stops unfinished at 3 4 4 after 1 move (end of input)."
    );
}

#[test]
fn empty_input_is_an_error_and_one_position_says_there_is_no_move() {
    for input in ["", "# only a comment\n\n   \n"] {
        for json in [false, true] {
            let args: &[&str] = if json {
                &["review", "--json"]
            } else {
                &["review"]
            };
            let r = run(args, input);
            assert_eq!(r.code, Some(2), "{input:?}");
            assert_eq!(r.stdout, "");
            assert_eq!(
                r.stderr,
                "nimsolve: error: no position to review: the input is empty or holds only blank lines and # comments (write the game's positions one a line, its start first)\n"
            );
        }
    }
    let r = run(&["review"], "3 4\n");
    assert_eq!(r.code, Some(0));
    assert_eq!(
        r.stdout,
        "Review of Nim, normal play from 3 4\nOnly one position, 3 4: no move to review (a game is written as its positions, one a line, the start first).\n"
    );
    assert_eq!(
        json_lines(&ok_stdin(&["review", "--json"], "3 4\n")),
        [serde_json::json!({"turns": 0})]
    );
    // With no move left at the start, no move is made and no winner is named.
    assert_eq!(
        json_lines(&ok_stdin(&["review", "--json"], "0 0\n")),
        [serde_json::json!({"turns": 0})]
    );
    assert!(ok_stdin(&["--lang", "zh", "review"], "3 4\n").contains("只有一个局面 3 4"));
}

#[test]
fn quotient_refusals_are_worded_by_what_was_asked() {
    let r = run(&["quotient", "--game", "digits"], "");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "nimsolve: error: no misère quotient of digital deletions: not every heap is a position of it (a string of digits is written 1 followed by its digits, so it starts with 1)\n"
    );
    for heaps in [None, Some("10")] {
        let mut args = vec!["quotient", "--game", "wythoff"];
        args.extend(heaps.map(|h| ["--heaps", h]).into_iter().flatten());
        let r = run(&args, "");
        assert_eq!(r.code, Some(2));
        assert_eq!(
            r.stderr,
            "nimsolve: error: no misère quotient of Wythoff's game: it is not a game of heaps that only move to smaller heaps\n"
        );
    }
    // Nim: the misère Nim rule covers every heap; the quotient shown is the part up to 30.
    let out = ok(&["quotient", "--game", "nim"]);
    assert_eq!(
        out.lines().nth(1).unwrap(),
        "The misère Nim rule (Bouton 1901) decides every heap of this game; the quotient of all its heaps is infinite, so the one shown is of the heaps up to 30, proven by the quotient check (243 types of positions)."
    );
}

/// Under `--lang zh` a step that no move makes says why in Chinese, with its piles and numbers,
/// and no English word is left in it.
#[test]
fn step_errors_are_worded_in_chinese() {
    for (game, steps, why) in [
        (
            "nim",
            "3 4 5\n5 2\n",
            "之前 3 堆，之后 2 堆：3、4 这几堆不见了或变了，而一步棋只改变一堆（取空的堆可以不写，也可以写作 0）",
        ),
        (
            "nim",
            "3 4 5\n3 4 9\n",
            "第 3 堆由 5 变成了 9：一步棋从不增加物品",
        ),
        (
            "nim",
            "3 4 5\n3 4 5\n",
            "局面没有变化：一步棋至少要取走一个",
        ),
        (
            "nim",
            "1 8 9\n1 4 4\n",
            "第 2、3 堆都变了：一步棋只改变一堆",
        ),
        (
            "wythoff",
            "4 7\n2 4\n",
            "第 1 堆和第 2 堆取的数量不同（2 和 3）：从两堆同取时，两堆要取同样多",
        ),
        (
            "kiki",
            "4 5\n3 3\n",
            "第 1 堆和第 2 堆取的数量不同（1 和 2）：从两堆同取时，每堆各取 1 个",
        ),
        (
            "nim",
            "3 + 4\n3 + 4 + 1\n",
            "局面有 3 个部分，之前有 2 个：一步棋只在一个部分里走，其余部分不变",
        ),
        (
            "nim",
            "3 + 4\n2 + 3\n",
            "第 1 和第 2 个部分都变了：一步棋只改变一个部分",
        ),
        (
            "kayles",
            "5\n1 6\n",
            "之前 1 堆，之后 2 堆：5 的堆变成了 1 + 6，物品反而更多，而一步棋从不增加物品",
        ),
    ] {
        let run = run(&["--lang", "zh", "review", "--game", game], steps);
        assert_eq!(run.code, Some(2), "{steps}");
        let line = run.stdout.lines().nth(1).expect("the step's line");
        assert!(
            line.ends_with(&format!("不是一步合法的走法：{why}")),
            "{line}"
        );
        assert!(
            !line.chars().any(|c| c.is_ascii_alphabetic()),
            "an English word is left: {line}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// A step that is no legal move does not pass the turn.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_repeated_line_keeps_the_player_to_move_and_the_summary_agrees() {
    // Line 3 repeats line 2: no move, so the second player is still to move at line 4, takes
    // the last object and wins (normal play).
    let input = "1 1\n1\n1\n0\n";
    let r = run(&["review"], input);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stdout,
        "\
Review of Nim, normal play from 1 1
   1  first   take 1 from pile 1 (1 → 0)  → 1  [S0, N-position]  lost
   2  second  no single legal move leads from 1 to 1: the position did not change: a move takes at least one object
   2  second  take 1 from pile 1 (1 → 0)  → 0  [T0, P-position]  wins
Second player wins after 2 moves (second made the last move, normal play)
1 step was no legal move and is not counted among the moves.
"
    );
    assert_eq!(
        r.stderr,
        "nimsolve: error: line 3: no single legal move leads from 1 to 1: the position did not change: a move takes at least one object\n"
    );
    let r = run(&["review", "--json"], input);
    assert_eq!(r.code, Some(2));
    let values = json_lines(&r.stdout);
    let seen: Vec<(Value, Value, Value, Value)> = values[..3]
        .iter()
        .map(|v| {
            (
                v["line"].clone(),
                v["turn"].clone(),
                v["player"].clone(),
                v["legal"].clone(),
            )
        })
        .collect();
    let want = [
        (2, 1, "first", true),
        (3, 2, "second", false),
        (4, 2, "second", true),
    ];
    let want: Vec<(Value, Value, Value, Value)> = want
        .iter()
        .map(|&(l, t, p, g)| (l.into(), t.into(), p.into(), g.into()))
        .collect();
    assert_eq!(seen, want);
    assert_eq!(
        values[3],
        serde_json::json!({"turns": 2, "winner": "second", "illegal_steps": 1})
    );
    // Under misère play the one who took the last object loses: the first player wins.
    let r = run(&["review", "--misere"], input);
    assert_eq!(
        r.stdout.lines().nth(4).unwrap(),
        "First player wins after 2 moves (second made the last move, misère play)"
    );
    let values = json_lines(&run(&["review", "--misere", "--json"], input).stdout);
    assert_eq!(
        values[3],
        serde_json::json!({"turns": 2, "winner": "first", "illegal_steps": 1})
    );
}

#[test]
fn the_first_players_opening_stays_the_first_players_after_a_repeated_start() {
    let input = "3 4 5\n3 4 5\n1 4 5\n1 4 4\n";
    let r = run(&["review"], input);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stdout,
        "\
Review of Nim, normal play from 3 4 5
   1  first   no single legal move leads from 3 4 5 to 3 4 5: the position did not change: a move takes at least one object
   1  first   take 2 from pile 1 (3 → 1)  → 1 4 5  [T2, P-position]  wins
   2  second  take 1 from pile 3 (5 → 4)  → 1 4 4  [S2, N-position]  lost
The game stops unfinished at 1 4 4 after 2 moves (end of input).
1 step was no legal move and is not counted among the moves.
"
    );
    let values = json_lines(&run(&["review", "--json"], input).stdout);
    assert_eq!(values[0]["player"], "first");
    assert_eq!(values[0]["legal"], false);
    assert_eq!(values[1]["player"], "first");
    assert_eq!(values[1]["turn"], 1);
    assert_eq!(values[1]["verdict"], "wins");
    assert_eq!(values[2]["player"], "second");
    assert_eq!(values[2]["turn"], 2);
    // Unfinished: no winner, the legal moves counted.
    assert_eq!(
        values[3],
        serde_json::json!({"turns": 2, "illegal_steps": 1})
    );
}

/// A legal game from `start` with some of its positions written twice (`repeats[k]` times
/// after position k): the lines, and for each step whether a legal move makes it, by the
/// independent search.
fn with_repeats(positions: &[Vec<Comp>], repeats: &[usize]) -> Vec<Vec<Comp>> {
    let mut lines = Vec::new();
    for (k, p) in positions.iter().enumerate() {
        for _ in 0..=repeats.get(k).copied().unwrap_or(0) {
            lines.push(p.clone());
        }
    }
    lines
}

fn check_turns(
    start: Vec<Comp>,
    picks: Vec<usize>,
    repeats: Vec<usize>,
    misere: bool,
) -> Result<(), TestCaseError> {
    let positions = game_of(start, &picks);
    let lines = with_repeats(&positions, &repeats);
    let input: String = lines.iter().map(|p| line(p) + "\n").collect();
    let mut flags = vec!["review", "--search-limit", "100000000"];
    if misere {
        flags.push("--misere");
    }
    let human = run(&flags, &input);
    flags.push("--json");
    let json = run(&flags, &input);
    let values = json_lines(&json.stdout);
    // The game ends at its first position with no move left; the lines after it (repeats of
    // that position) are not judged.
    let judged = lines
        .iter()
        .position(|p| moves(p).is_empty())
        .map_or(lines.len(), |end| end + 1);
    let after_end = lines.len() - judged;
    // Whether a legal move leads from each line to the next, by the search alone.
    let legal: Vec<bool> = lines[..judged]
        .windows(2)
        .map(|w| moves(&w[0]).iter().any(|m| apply(&w[0], m) == w[1]))
        .collect();
    let illegal = legal.iter().filter(|&&l| !l).count();
    prop_assert_eq!(
        json.code,
        Some(if illegal > 0 || after_end > 0 { 2 } else { 0 })
    );
    prop_assert_eq!(human.code, json.code);
    // The player to move changes at a legal step only: the k-th legal move is the first
    // player's when k is odd, and a step that is no move belongs to the player still to move.
    let mut made = 0u64;
    let step_lines: Vec<&str> = human.stdout.lines().skip(1).take(legal.len()).collect();
    for (k, &is_legal) in legal.iter().enumerate() {
        let step = &values[k];
        prop_assert_eq!(&step["legal"], &Value::Bool(is_legal), "step {}", k + 1);
        let player = if made.is_multiple_of(2) {
            "first"
        } else {
            "second"
        };
        prop_assert_eq!(step["player"].as_str(), Some(player), "step {}", k + 1);
        prop_assert_eq!(step["turn"].as_u64(), Some(made + 1), "step {}", k + 1);
        prop_assert_eq!(step["line"].as_u64(), Some(k as u64 + 2));
        // The human line says the same turn and player.
        let want = format!("{:>4}  {:<6}  ", made + 1, player);
        prop_assert!(
            step_lines[k].starts_with(&want),
            "{:?} starts with {:?}",
            step_lines[k],
            want
        );
        if is_legal {
            made += 1;
        }
    }
    // Each line after the end is reported with its number and the line where the game ended.
    for k in 0..after_end {
        let v = &values[legal.len() + k];
        prop_assert_eq!(v["after_end"].as_bool(), Some(true));
        prop_assert_eq!(v["line"].as_u64(), Some((judged + k + 1) as u64));
        prop_assert_eq!(v["end_line"].as_u64(), Some(judged as u64));
    }
    // The summary counts the legal moves, and the winner follows from the last of them, when
    // one was made.
    let summary = &values[legal.len() + after_end..];
    let over = moves(lines.last().unwrap()).is_empty() && made > 0;
    let last_mover_first = made % 2 == 1;
    let winner = if last_mover_first != misere {
        "first"
    } else {
        "second"
    };
    let mut want = serde_json::json!({ "turns": made });
    if over {
        want["winner"] = winner.into();
    }
    if illegal > 0 {
        want["illegal_steps"] = illegal.into();
    }
    if after_end > 0 {
        want["lines_after_end"] = after_end.into();
    }
    prop_assert_eq!(summary, &[want][..]);
    if legal.is_empty() {
        // A single position, or a start with no move: no move to review, and no winner.
        prop_assert!(!human.stdout.contains(" wins after "));
        return Ok(());
    }
    let tail: Vec<&str> = human
        .stdout
        .lines()
        .skip(1 + legal.len() + after_end)
        .collect();
    if over {
        let who = if winner == "first" { "First" } else { "Second" };
        let s = if made == 1 { "" } else { "s" };
        let head = format!("{who} player wins after {made} move{s} (");
        prop_assert!(
            tail[0].starts_with(&head),
            "{:?} starts with {:?}",
            tail[0],
            head
        );
    } else {
        let s = if made == 1 { "" } else { "s" };
        let end = format!(" after {made} move{s} (end of input).");
        prop_assert!(tail[0].ends_with(&end), "{:?} ends with {:?}", tail[0], end);
    }
    prop_assert_eq!(
        tail.len(),
        1 + usize::from(illegal > 0) + usize::from(after_end > 0)
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Random games of small sums with positions written twice: each repeat is a step that no
    /// legal move makes, the players of the legal steps alternate, the repeat belongs to the
    /// player still to move, and the summaries in words and JSON agree with the steps.
    #[test]
    fn the_player_of_each_legal_step_alternates(
        start in sum(2, 5),
        picks in prop::collection::vec(0..64usize, 1..10),
        repeats in prop::collection::vec(prop_oneof![4 => Just(0usize), 1 => 1..3usize], 0..11),
        misere in any::<bool>(),
    ) {
        check_turns(start, picks, repeats, misere)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Two piles that changed, worded by the game's own rule for both piles.
// ---------------------------------------------------------------------------------------------

#[test]
fn two_changed_piles_are_worded_by_the_games_rule() {
    for (flags, steps, why) in [
        // Kiki's game takes 1 from both piles; 4 5 → 3 3 takes 1 and 2.
        (
            &["--game", "kiki"][..],
            "4 5\n3 3\n",
            "no single legal move leads from 4 5 to 3 3: piles 1 and 2 changed by different amounts, 1 and 2: a move from both piles takes 1 from each",
        ),
        // The same amount from both, but not 1: kiki's own check says why.
        (
            &["--game", "kiki"][..],
            "4 5\n2 3\n",
            "no single legal move leads from 4 5 to 2 3: move diagonally to (2, 3) would lead there, but illegal move: a move takes exactly 1, not 2",
        ),
        (
            &["--wythoff"][..],
            "4 7\n2 4\n",
            "no single legal move leads from 4 7 to 2 4: piles 1 and 2 changed by different amounts, 2 and 3: a move from both piles takes the same amount from each",
        ),
        // Inside a sum, the piles numbered across the whole position.
        (
            &[][..],
            "1 + wythoff 4 7\n1 + wythoff 2 4\n",
            "no single legal move leads from 1 + wythoff 4 7 to 1 + wythoff 2 4: piles 2 and 3 changed by different amounts, 2 and 3: a move from both piles takes the same amount from each",
        ),
        // Nim's moves change one pile, and never two.
        (
            &[][..],
            "3 5\n2 4\n",
            "no single legal move leads from 3 5 to 2 4: piles 1 and 2 changed: a move changes one pile",
        ),
    ] {
        let mut args = vec!["review"];
        args.extend_from_slice(flags);
        let r = run(&args, steps);
        assert_eq!(r.code, Some(2), "{steps}");
        assert_eq!(
            r.stdout.lines().nth(1),
            Some(format!("   1  first   {why}").as_str())
        );
        assert_eq!(r.stderr, format!("nimsolve: error: line 2: {why}\n"));
        args.push("--json");
        let values = json_lines(&run(&args, steps).stdout);
        assert_eq!(values[0]["legal"], false);
        assert_eq!(values[0]["error"], why);
    }
}

// ---------------------------------------------------------------------------------------------
// On a terminal, and piles typed as arguments.
// ---------------------------------------------------------------------------------------------

/// Runs `nimsolve args` on a pseudo-terminal (util-linux `script`) and, once the terminal shows
/// a line ending with `wait_for`, types `typed` at it (a Ctrl-D at the start of a line ends the
/// input): what is typed is echoed after the lines shown before it. Returns what the terminal
/// showed, carriage returns removed.
fn review_on_a_terminal(args: &str, wait_for: &str, typed: &str) -> String {
    use std::io::{BufRead as _, BufReader, Read as _, Write as _};
    use std::process::{Command, Stdio};
    let mut child = Command::new("script")
        .args([
            "-qec",
            &format!("{} {args}", crate::common::cli::BIN),
            "/dev/null",
        ])
        .env("TERM", "dumb")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("this test needs util-linux `script` to run nimsolve on a terminal: {e}")
        });
    let mut stdin = child.stdin.take().expect("script's stdin");
    let mut shown = BufReader::new(child.stdout.take().expect("script's stdout"));
    let mut text = String::new();
    loop {
        let mut line = String::new();
        let n = shown.read_line(&mut line).expect("reading the terminal");
        assert!(n > 0, "the terminal closed before {wait_for:?}: {text:?}");
        text.push_str(&line);
        if line.trim_end().ends_with(wait_for) {
            break;
        }
    }
    stdin.write_all(typed.as_bytes()).expect("typing at script");
    drop(stdin);
    shown
        .read_to_string(&mut text)
        .expect("reading the terminal");
    let status = child.wait().expect("script runs");
    assert!(status.success(), "script: {status:?}");
    text.replace('\r', "")
}

#[test]
fn on_a_terminal_review_says_what_to_type_and_how_to_end() {
    let shown = review_on_a_terminal("--color never review", "Ctrl-D", "7 8 9\n1 8 9\n\x04");
    assert!(
        shown.lines().any(|l| l
            == "nimsolve review: type the game's positions one a line, its start first (7 8 9, then 1 8 9, …); end with Ctrl-D"),
        "{shown}"
    );
    assert!(
        shown.contains(
            "   1  first   take 6 from pile 1 (7 → 1)  → 1 8 9  [T2, P-position]  wins\n"
        ),
        "{shown}"
    );
    let shown = review_on_a_terminal("--color never --lang zh review", "结束", "7 8 9\n\x04");
    assert!(
        shown.lines().any(|l| l
            == "nimsolve review：每行输入对局的一个局面，先写开局（7 8 9，然后 1 8 9，……）；按 Ctrl-D 结束"),
        "{shown}"
    );
    // Through a pipe, or from a file, nothing is said on standard error.
    let r = run(&["review"], "7 8 9\n1 8 9\n");
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
}

#[test]
fn piles_given_as_arguments_are_refused_with_an_example() {
    for (args, given) in [
        (&["review", "7", "8", "9"][..], "7 8 9"),
        (&["review", "7"][..], "7"),
        (&["review", "--wythoff", "3,5"][..], "3,5"),
    ] {
        let r = run(args, "");
        assert_eq!(r.code, Some(2), "{args:?}");
        assert_eq!(r.stdout, "");
        assert_eq!(
            r.stderr,
            format!(
                "nimsolve: error: review reads a game as its positions, one a line, from a file or standard input, not as piles given on the command line ({given}); for example: printf '7 8 9\\n1 8 9\\n' | nimsolve review\n"
            ),
            "{args:?}"
        );
    }
    let r = run(&["--lang", "zh", "review", "7", "8", "9"], "");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "nimsolve: error: review 从文件或标准输入读入对局，每行一个局面，不从命令行读入堆（7 8 9）；例如：printf '7 8 9\\n1 8 9\\n' | nimsolve review\n"
    );
    // The example works as written.
    let r = run(&["review"], "7 8 9\n1 8 9\n");
    assert_eq!(r.code, Some(0));
    // A file whose name is a number is still read.
    let dir = std::env::temp_dir().join(format!("nimsolve-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("7"), "7 8 9\n1 8 9\n").unwrap();
    let out = crate::common::cli::nimsolve()
        .current_dir(&dir)
        .args(["review", "7"])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Review of Nim"));
}

// ---------------------------------------------------------------------------------------------
// The end of the game: a winner only after a legal move that leaves no move; lines after it.
// ---------------------------------------------------------------------------------------------

#[test]
fn review_names_no_winner_when_every_step_is_illegal() {
    // 1 1 → 2 2 grows a pile, 2 2 → 0 0 changes two: no legal move, though 0 0 has none left.
    for flags in [&["review"][..], &["review", "--misere"][..]] {
        let r = run(flags, "1 1\n2 2\n0 0\n");
        assert_eq!(r.code, Some(2));
        assert!(!r.stdout.contains("wins after"), "{}", r.stdout);
        assert!(r.stdout.contains("No winner is named"), "{}", r.stdout);
        let json: Vec<&str> = flags.iter().copied().chain(["--json"]).collect();
        let values = json_lines(&run(&json, "1 1\n2 2\n0 0\n").stdout);
        assert_eq!(
            values.last().unwrap(),
            &serde_json::json!({"turns": 0, "illegal_steps": 2})
        );
    }
    // A legal move first, then a step that is no move reaches 0 0: still no winner.
    let values = json_lines(&run(&["review", "--json"], "2 2\n2 1\n0 0\n").stdout);
    assert_eq!(
        values.last().unwrap(),
        &serde_json::json!({"turns": 1, "illegal_steps": 1})
    );
    let r = run(&["--lang", "zh", "review"], "1 1\n2 2\n0 0\n");
    assert!(r.stdout.contains("不判胜负"), "{}", r.stdout);
    assert!(!r.stdout.contains("获胜"), "{}", r.stdout);
}

#[test]
fn review_names_no_winner_when_the_start_has_no_move() {
    for input in ["0 0\n", "0\n"] {
        let values = json_lines(&ok_stdin(&["review", "--json"], input));
        assert_eq!(values, [serde_json::json!({"turns": 0})]);
        let values = json_lines(&ok_stdin(&["review", "--json", "--misere"], input));
        assert_eq!(values, [serde_json::json!({"turns": 0})]);
        assert!(ok_stdin(&["review"], input).contains("where no move is left"));
    }
}

#[test]
fn review_reports_every_line_after_the_end_of_the_game() {
    // The game ends at line 2 (0 0); lines 3 and 4 come after it, line 4 even a bad line.
    let input = "1 0\n0 0\n1 0\nseven\n";
    let r = run(&["review"], input);
    assert_eq!(r.code, Some(2));
    let rows: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(rows.len(), 6, "{}", r.stdout);
    assert!(
        rows[2].contains("line 3: after the end of the game"),
        "{}",
        rows[2]
    );
    assert!(
        rows[3].contains("line 4: after the end of the game"),
        "{}",
        rows[3]
    );
    assert!(rows[2].ends_with("(line 2)"), "{}", rows[2]);
    assert!(
        rows[4].starts_with("First player wins after 1 move"),
        "{}",
        rows[4]
    );
    assert!(
        rows[5].starts_with("2 lines came after the end"),
        "{}",
        rows[5]
    );
    let errors: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", r.stderr);
    assert!(errors[0].starts_with("nimsolve: error: line 3: after the end of the game"));
    assert!(errors[1].starts_with("nimsolve: error: line 4: after the end of the game"));
    // JSON: one object a line after the end, and their count in the summary.
    let r = run(&["review", "--json"], input);
    assert_eq!(r.code, Some(2));
    let values = json_lines(&r.stdout);
    assert_eq!(values.len(), 4);
    for (k, line) in [3, 4].into_iter().enumerate() {
        assert_eq!(values[1 + k]["line"], line);
        assert_eq!(values[1 + k]["after_end"], true);
        assert_eq!(values[1 + k]["end_line"], 2);
    }
    assert_eq!(
        values[3],
        serde_json::json!({"turns": 1, "winner": "first", "lines_after_end": 2})
    );
    // A repeat of the last position is after the end too, not a step that changes nothing.
    let values = json_lines(&run(&["review", "--json"], "1\n0\n0\n").stdout);
    assert_eq!(values[1]["after_end"], true);
    assert_eq!(
        values[2],
        serde_json::json!({"turns": 1, "winner": "first", "lines_after_end": 1})
    );
    // A start with no move ends the game at line 1.
    let r = run(&["review", "--json"], "0 0\n\n1 1\n");
    assert_eq!(r.code, Some(2));
    let values = json_lines(&r.stdout);
    assert_eq!(values[0]["line"], 3);
    assert_eq!(values[0]["end_line"], 1);
    assert_eq!(
        values[1],
        serde_json::json!({"turns": 0, "lines_after_end": 1})
    );
    // In Chinese.
    let r = run(&["--lang", "zh", "review"], input);
    assert_eq!(r.code, Some(2));
    let rows: Vec<&str> = r.stdout.lines().collect();
    assert!(rows[2].contains("第 3 行：对局已经结束"), "{}", rows[2]);
    assert!(rows[5].contains("对局结束之后还有 2 行"), "{}", rows[5]);
}

// ---------------------------------------------------------------------------------------------
// Positions joined by arrows, as the README writes the worked game.
// ---------------------------------------------------------------------------------------------

#[test]
fn review_reads_positions_joined_by_arrows() {
    let one_a_line = json_lines(&ok_stdin(&["review", "--json"], "7 8 9\n1 8 9\n1 8 4\n"));
    for input in [
        "(7,8,9) → (1,8,9) → (1,8,4)\n",
        "7 8 9 -> 1 8 9 -> 1 8 4\n",
        "7 8 9→1 8 9->1 8 4\n",
        // A game written across lines: an arrow may end or begin a line.
        "(7,8,9) → (1,8,9) →\n(1,8,4)\n",
        "(7,8,9)\n→ (1,8,9) → (1,8,4)\n",
    ] {
        let values = json_lines(&ok_stdin(&["review", "--json"], input));
        assert_eq!(values.len(), 3, "{input}");
        for (got, want) in values.iter().zip(&one_a_line) {
            for key in ["turn", "move", "before", "after", "verdict", "outcome"] {
                assert_eq!(got[key], want[key], "{input} {key}");
            }
        }
        assert_eq!(values[2], serde_json::json!({"turns": 2}));
    }
    // The positions of one line share its number.
    let values = json_lines(&ok_stdin(
        &["review", "--json"],
        "# a game\n7 8 9 → 1 8 9 → 1 8 4\n",
    ));
    assert_eq!(values[0]["line"], 2);
    assert_eq!(values[1]["line"], 2);
    // A sum, with arrows.
    let values = json_lines(&ok_stdin(
        &["review", "--json"],
        "3 + wythoff 4 7 → 3 + wythoff 1 4\n",
    ));
    assert_eq!(values[0]["verdict"], "blunder");
}

#[test]
fn review_arrows_keep_good_errors_for_a_minus_sign_and_other_tokens() {
    let error = |input: &str| {
        let r = run(&["review"], input);
        assert_eq!(r.code, Some(2), "{input}");
        r.stderr
    };
    // A minus sign is a negative pile, named by its column in the whole line.
    let e = error("7 8 9 -> 7 8 -1\n");
    assert!(e.contains("line 1: pile \"-1\" at column 14"), "{e}");
    assert!(e.contains("piles cannot be negative"), "{e}");
    let e = error("7 8 9 → 7 -1 9\n");
    assert!(e.contains("pile \"-1\" at column 13"), "{e}");
    // A lone minus, or another arrow-like token, is no pile.
    let e = error("7 8 9 - 7 8 1\n");
    assert!(e.contains("pile \"-\" at column 7"), "{e}");
    let e = error("7 8 9 => 7 8 1\n");
    assert!(e.contains("pile \"=>\" at column 7"), "{e}");
    // Two arrows with nothing between them.
    let e = error("7 8 9 → → 7 8 1\n");
    assert!(e.contains("line 1: no position between the arrows"), "{e}");
    let e = error("7 8 9 -> -> 7 8 1\n");
    assert!(
        e.contains("no position between the arrows before column 10"),
        "{e}"
    );
    // No line is left without an error, and no panic.
    let r = run(&["review"], "→\n->\n");
    assert_eq!(r.code, Some(2));
}

// ---------------------------------------------------------------------------------------------
// The game named on the first position carries to later positions of piles alone.
// ---------------------------------------------------------------------------------------------

#[test]
fn review_carries_the_game_named_on_the_first_position() {
    // Kayles: the row of 10 broken into 1 and 8 is a move, not a change of rules to Nim.
    let values = json_lines(&ok_stdin(&["review", "--json"], "kayles 10\n1 8\n"));
    assert_eq!(values[0]["legal"], true);
    assert_eq!(values[0]["move"]["take"], 1);
    assert_eq!(values[1], serde_json::json!({"turns": 1}));
    assert!(ok_stdin(&["review"], "kayles 10\n1 8\n").starts_with("Review of Kayles"));
    // Explicit specs on later lines still work, and a different one is a change of rules.
    ok_stdin(&["review"], "kayles 10\nkayles 1 8\n1 7\n");
    let r = run(&["review"], "kayles 10\nnim 1 8\n");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("a move keeps the rules"), "{}", r.stderr);
    // In a sum, each component without a spec takes the rules of the component in its place.
    let values = json_lines(&ok_stdin(
        &["review", "--json"],
        "3 + kayles 10\n3 + 1 8\n2 + 1 8\n",
    ));
    assert_eq!(values[0]["legal"], true);
    assert_eq!(values[1]["legal"], true);
    assert_eq!(values[2]["turns"], 2);
    // With --game the flag's rules are the default; the first position's spec still carries.
    let values = json_lines(&ok_stdin(
        &["review", "--json", "--game", "wythoff"],
        "kayles 10\n1 8\n",
    ));
    assert_eq!(values[0]["legal"], true);
    let values = json_lines(&ok_stdin(
        &["review", "--json", "--game", "kayles"],
        "10\n1 8\n",
    ));
    assert_eq!(values[0]["legal"], true);
    // On one line with arrows too.
    let values = json_lines(&ok_stdin(
        &["review", "--json"],
        "kayles 10 → 1 8 → 1 3 4\n",
    ));
    assert_eq!(values[2], serde_json::json!({"turns": 2}));
}

/// `digits 0123` then `0023`: the carried game read `0023` as the number 23 (the string "3"),
/// an illegal step; under digital deletions it is the string 0023, one digit lowered.
#[test]
fn review_carries_digits_and_reads_later_leading_zeros_as_digit_strings() {
    for input in [
        "digits 0123\n0023\n",
        "digits 0123 → 0023\n",
        "nim 2 + digits 0123\n2 + 0023\n",
    ] {
        let values = json_lines(&ok_stdin(&["review", "--json"], input));
        assert_eq!(values[0]["legal"], true, "{input:?}: {values:?}");
        let after = values[0]["after"].as_array().unwrap();
        assert_eq!(after.last().unwrap(), 10023, "{input:?}: {values:?}");
        // 0123 → the empty string wins at once, so lowering the 1 is a blunder.
        assert_eq!(values[0]["verdict"], "blunder", "{input:?}: {values:?}");
    }
}

/// `digits 123` then `23`: 23 is no position of digital deletions (a string is written 1 and
/// its digits), yet the review took it for a position with no move and ended the game there.
#[test]
fn review_reports_a_pile_that_is_no_position_instead_of_ending_the_game() {
    let r = run(&["review", "--json"], "digits 123\n23\n103\n");
    assert_eq!(r.code, Some(2));
    let values = json_lines(&r.stdout);
    assert_eq!(values[0]["line"], 2, "{values:?}");
    assert!(values[0]["error"].as_str().unwrap().contains("no position"));
    assert!(
        values.iter().all(|v| v.get("after_end").is_none()),
        "{values:?}"
    );
    // The game goes on from 123: 123 → 103 lowers a digit.
    assert_eq!(values[1]["legal"], true, "{values:?}");
    assert_eq!(values[1]["after"][0], 103, "{values:?}");
}

/// A token cut short in a message names the column of its bad character; after an arrow that
/// column is the whole line's, as the token's own column is (it was the part's, after the
/// arrow).
#[test]
fn review_names_the_line_column_of_a_bad_character_in_a_long_token_after_an_arrow() {
    let token = format!("{}x1", "1".repeat(45));
    let out = run(&["review"], format!("3 4 -> 3 {token}\n"));
    assert_eq!(out.code, Some(2));
    assert!(out.stderr.contains("at column 10 "), "{}", out.stderr);
    assert!(out.stderr.contains("(column 55)"), "{}", out.stderr);
}
