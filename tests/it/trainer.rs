//! The trainer (`nimsolve play --first human`), its library side ([`Trainer`], [`Engine`]) and
//! `nimsolve random` (the command grammar's unit tests are in `src/cli/command.rs`). The command is driven through piped standard
//! input, line by line, as a script would; the README's transcript of a real game is checked
//! here too.

use std::collections::BTreeSet;

use crate::common::cli::{json_lines, nimsolve, ok, ok_stdin};
use crate::common::library::{at, nats};
use nimsolve::engine::replay::{Hint, HintNext};
use nimsolve::{
    Engine, Game, Level, Limits, Move, Nat, Optimal, Outcome, Play, Player, Position, Rules, Seat,
    Strategy, Trainer,
};

// Sessions run through `ok_stdin` (tests/it/common/cli.rs): `nimsolve ARGS` with the typed lines
// on stdin, expecting success and nothing on stderr (no prompts: standard input is not a
// terminal), returning stdout.

/// What to type for `mv`.
fn typed(mv: &Move) -> String {
    match mv {
        Move::Pile { pile, .. } => format!("{} {}", pile + 1, mv.take()),
        Move::Both { take, .. } => format!("both {take}"),
        Move::Split {
            pile, take, leaves, ..
        } => {
            let leaves: Vec<String> = leaves.iter().map(|h| h.to_string()).collect();
            format!("{} {take} = {}", pile + 1, leaves.join(" + "))
        }
        Move::To { after, .. } => {
            let after: Vec<String> = after.iter().map(|h| h.to_string()).collect();
            format!("to {}", after.join(" "))
        }
    }
}

/// The lines a person who always follows the advice types against the perfect engine, from
/// `start` under `game` (the person moves first when `first`).
fn perfect_script(game: &Game, start: &[u64], first: bool) -> Vec<String> {
    let mut position = game.position(nats(start)).unwrap();
    let mut human = first;
    let mut lines = Vec::new();
    while game.has_move(&position) {
        let mv = Optimal.choose(game, &position).unwrap();
        if human {
            lines.push(typed(&mv));
        }
        position = game.apply_move(&position, &mv).unwrap();
        human = !human;
    }
    lines
}

// ---------------------------------------------------------------------------------------------
// The command.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_whole_game_won_against_the_perfect_engine() {
    let game = Game::nim(Play::Normal);
    let script = perfect_script(&game, &[3, 4, 5], true);
    let out = ok_stdin(
        &["play", "--first", "human", "3", "4", "5"],
        script.join("\n"),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Nim, normal play from 3 4 5 (first: human, second: optimal)"
    );
    assert_eq!(
        lines[1],
        "   1  you     take 2 from pile 1 (3 → 1)  → 1 4 5  [T2, P-position]"
    );
    assert!(lines[2].starts_with("coach: a winning move."), "{out}");
    assert!(lines[3].starts_with("   2  engine  "), "{out}");
    let moves = lines.iter().filter(|l| l.starts_with("  ")).count();
    // Every move of the person is coached, and every one of them keeps the win.
    let coached = lines.iter().filter(|l| l.starts_with("coach: ")).count();
    assert_eq!(coached, moves.div_ceil(2));
    assert_eq!(out.matches("coach: a winning move.").count(), coached);
    assert!(
        lines[lines.len() - 2].starts_with(&format!("First player wins after {moves} moves")),
        "{out}"
    );
    assert_eq!(lines[lines.len() - 1], "You win.");
}

#[test]
fn the_engine_moves_first_when_the_person_is_second() {
    // 1 2 3 is lost for the engine: it delays (take 1 from pile 1), and the input ends.
    let out = ok_stdin(
        &["play", "--no-coach", "--second", "human", "1", "2", "3"],
        "",
    );
    assert_eq!(
        out,
        "Nim, normal play from 1 2 3 (first: optimal, second: human)\n\
         \x20  1  engine  take 1 from pile 1 (1 → 0)  → 0 2 3\n\
         The game stops unfinished at 0 2 3 after 1 move (end of input).\n"
    );
}

#[test]
fn illegal_input_gets_a_message_and_the_game_goes_on() {
    let stdin = "4 1\n1 4\n0 2\n2 0\nfoo\n1 2 3\nboth 1\n-1 2\n1 x\n\n   \n1 3\nquit\n";
    let out = ok_stdin(
        &["play", "--no-coach", "--first", "human", "3", "4", "5"],
        stdin,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        &lines[1..],
        &[
            "illegal move: there is no pile 4: the piles are numbered 1 to 3",
            "illegal move: pile 1 holds 3, so you cannot take 4 from it",
            "illegal move: there is no pile 0: the piles are numbered 1 to 3",
            "illegal move: a move takes at least one object",
            "\"foo\" is neither a move nor a command: type a move as PILE TAKE (2 3 takes 3 from \
             pile 2), or hint, undo, show, help or quit",
            "\"1 2 3\" is neither a move nor a command: type a move as PILE TAKE (2 3 takes 3 \
             from pile 2), or hint, undo, show, help or quit",
            "illegal move: taking from both piles is a move of Wythoff's and kiki's games only",
            "\"-1 2\" is neither a move nor a command: type a move as PILE TAKE (2 3 takes 3 \
             from pile 2), or hint, undo, show, help or quit",
            "\"1 x\" is neither a move nor a command: type a move as PILE TAKE (2 3 takes 3 \
             from pile 2), or hint, undo, show, help or quit",
            "   1  you     take 3 from pile 1 (3 → 0)  → 0 4 5",
            "   2  engine  take 1 from pile 3 (5 → 4)  → 0 4 4",
            "The game stops at 0 4 4 after 2 moves.",
        ][..]
    );
}

#[test]
fn hints_come_in_three_stages() {
    let out = ok_stdin(
        &["play", "--no-coach", "--first", "human", "3", "4", "5"],
        "hint\nhint\nhint\nhint\n",
    );
    let hints: Vec<&str> = out.lines().filter(|l| l.starts_with("hint")).collect();
    assert_eq!(hints.len(), 4, "{out}");
    assert!(hints[0].starts_with("hint 1/3: you are winning"), "{out}");
    assert!(!hints[0].contains("pile 1"), "stage 1 names no pile: {out}");
    assert!(hints[1].starts_with("hint 2/3: take from pile 1."), "{out}");
    assert_eq!(
        hints[2],
        "hint 3/3: the winning move: take 2 from pile 1 (3 → 1): type 1 2"
    );
    assert_eq!(hints[3], hints[2], "asking again repeats the move");

    // A lost position: the hint says so, then names the move that holds out longest.
    let out = ok_stdin(
        &["play", "--no-coach", "--first", "human", "1", "2", "3"],
        "hint\nhint\nhint\n",
    );
    let hints: Vec<&str> = out.lines().filter(|l| l.starts_with("hint")).collect();
    assert!(hints[0].starts_with("hint 1/3: you are losing"), "{out}");
    assert!(
        hints[1].contains("no move wins; to hold out, take from pile 1"),
        "{out}"
    );
    assert_eq!(
        hints[2],
        "hint 3/3: no move wins; the one that holds out longest is take 1 from pile 1 (1 → 0): \
         type 1 1"
    );

    // The stages start again after a move.
    let out = ok_stdin(
        &["play", "--no-coach", "--first", "human", "3", "4", "5"],
        "hint\nhint\n1 2\nhint\n",
    );
    let hints: Vec<&str> = out.lines().filter(|l| l.starts_with("hint")).collect();
    assert!(hints[2].starts_with("hint 1/3:"), "{out}");
}

#[test]
fn undo_show_help_and_the_end_of_input() {
    let out = ok_stdin(
        &["play", "--no-coach", "--first", "human", "3", "4", "5"],
        "undo\n1 2\nshow\nundo\nshow\nhelp\n1 2\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "Nothing to undo: no move of yours has been played."
    );
    assert_eq!(
        lines[2],
        "   1  you     take 2 from pile 1 (3 → 1)  → 1 4 5"
    );
    let engine = lines[3];
    assert!(engine.starts_with("   2  engine  "), "{out}");
    let after = engine.rsplit("→ ").next().unwrap();
    assert_eq!(
        lines[4],
        format!(
            "Position {after} (Nim, normal play) after 2 moves — {}; your move.",
            after
                .split(' ')
                .enumerate()
                .map(|(i, p)| format!("pile {}: {p}", i + 1))
                .collect::<Vec<_>>()
                .join(", ")
        )
    );
    assert!(
        lines[5].starts_with("Took back turn 2 (engine: ")
            && lines[5].contains(
                "and turn 1 (you: take 2 from pile 1 (3 → 1)); the position is 3 4 5 again."
            ),
        "{out}"
    );
    assert_eq!(
        lines[6],
        "Position 3 4 5 (Nim, normal play) after 0 moves — pile 1: 3, pile 2: 4, pile 3: 5; \
         your move."
    );
    assert!(lines[7].starts_with("Moves, typed at the prompt:"), "{out}");
    // The help wraps over a few lines; then the move is played again, the engine replies the
    // same, and the input ends.
    let again = 8 + lines[8..]
        .iter()
        .position(|l| l.starts_with("   1  you"))
        .expect("the move played again");
    assert_eq!(
        lines[again],
        "   1  you     take 2 from pile 1 (3 → 1)  → 1 4 5"
    );
    assert_eq!(lines[again + 1], engine);
    assert_eq!(
        lines[again + 2],
        format!("The game stops unfinished at {after} after 2 moves (end of input).")
    );
}

#[test]
fn misere_wythoff_and_subtraction_games() {
    // Misère Nim: 1 1 4 is won by 4 → 1; the engine must then take a 1 and the person wins by
    // leaving it the last object.
    let game = Game::new(Rules::nim(), Play::Misere, Limits::default());
    let script = perfect_script(&game, &[1, 1, 4], true);
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--misere",
            "--first",
            "human",
            "1",
            "1",
            "4",
        ],
        script.join("\n"),
    );
    assert!(
        out.contains("   1  you     take 3 from pile 3 (4 → 1)"),
        "{out}"
    );
    assert!(out.ends_with("You win.\n"), "{out}");
    assert!(out.contains("misère play"), "{out}");

    // Wythoff's game: `both T`. (5, 8) is won by taking 1 from both (4, 7).
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--wythoff",
            "--first",
            "human",
            "5",
            "8",
        ],
        "both 1\nboth 9\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "   1  you     take 1 from both piles (5 8 → 4 7)  → 4 7"
    );
    assert!(
        out.contains("cannot take 9 from a pile of"),
        "taking more than a pile holds from both: {out}"
    );
    let game = Game::new(Rules::wythoff(), Play::Normal, Limits::default());
    let script = perfect_script(&game, &[5, 8], true);
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--wythoff",
            "--first",
            "human",
            "5",
            "8",
        ],
        script.join("\n"),
    );
    assert!(out.ends_with("You win.\n"), "{out}");

    // A subtraction game refuses an amount outside the set.
    let out = ok_stdin(
        &[
            "play",
            "--subtract",
            "2,5",
            "--first",
            "human",
            "2",
            "4",
            "7",
        ],
        "1 1\n3 3\n1 2\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "illegal move: 1 is not in the subtraction set {2, 5}"
    );
    assert_eq!(
        lines[2],
        "illegal move: 3 is not in the subtraction set {2, 5}"
    );
    // Coached: under {2, 5}, g(2) ⊕ g(4) ⊕ g(7) = 1 ⊕ 0 ⊕ 0 = 1, and 0 4 7 has Grundy value
    // 0, so the move keeps the win.
    assert_eq!(
        lines[3],
        "   1  you     take 2 from pile 1 (2 → 0)  → 0 4 7  [P-position]"
    );
    assert!(lines[4].starts_with("coach: a winning move."), "{out}");
}

#[test]
fn two_people_and_a_game_already_over() {
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--first",
            "human",
            "--second",
            "human",
            "1",
            "1",
        ],
        "1 1\nundo\n2 1\n1 1\n",
    );
    assert_eq!(
        out,
        "Nim, normal play from 1 1 (first: human, second: human)\n\
         \x20  1  first   take 1 from pile 1 (1 → 0)  → 0 1\n\
         Took back turn 1 (first: take 1 from pile 1 (1 → 0)); the position is 1 1 again.\n\
         \x20  1  first   take 1 from pile 2 (1 → 0)  → 1 0\n\
         \x20  2  second  take 1 from pile 1 (1 → 0)  → 0 0\n\
         Second player wins after 2 moves (second made the last move, normal play)\n"
    );
    // No move at all: the game is over before anyone types.
    let out = ok_stdin(&["play", "--no-coach", "--first", "human", "0", "0"], "");
    assert!(out.ends_with("The engine wins.\n"), "{out}");
}

#[test]
fn the_engine_level_and_seed_are_reproducible() {
    // An easy engine from a won position: the same seed plays the same game.
    let play = |seed: &str| {
        ok_stdin(
            &[
                "play",
                "--no-coach",
                "--second",
                "human",
                "--level",
                "easy",
                "--seed",
                seed,
                "7",
                "8",
                "9",
            ],
            "1 1\n1 1\n1 1\n",
        )
    };
    assert_eq!(play("5"), play("5"));
    let first_moves: BTreeSet<String> = (0..12)
        .map(|s| play(&s.to_string()).lines().nth(1).unwrap().to_string())
        .collect();
    assert!(
        first_moves.len() > 1,
        "an easy engine does not always play the same move: {first_moves:?}"
    );
    assert!(
        ok_stdin(
            &["play", "--no-coach", "--second", "human", "7", "8", "9"],
            ""
        )
        .contains("take 6 from pile 1 (7 → 1)")
    );
    // The level also names non-human players.
    let out = ok_stdin(
        &["play", "--level", "medium", "--seed", "3", "3", "4", "5"],
        "",
    );
    assert!(
        out.starts_with("Nim, normal play from 3 4 5 (first: medium, second: medium)"),
        "{out}"
    );
}

#[test]
fn json_and_a_human_player_do_not_mix() {
    nimsolve()
        .args([
            "play",
            "--no-coach",
            "--json",
            "--first",
            "human",
            "3",
            "4",
            "5",
        ])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--json cannot be used with a human player",
        ));
}

#[test]
fn a_long_line_is_skipped() {
    let stdin = format!("{}\n1 2\nquit\n", "9".repeat(2 << 20));
    let out = ok_stdin(
        &["play", "--no-coach", "--first", "human", "3", "4", "5"],
        &stdin,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with("That line is longer than"), "{out}");
    assert_eq!(
        lines[2],
        "   1  you     take 2 from pile 1 (3 → 1)  → 1 4 5"
    );
}

/// The README's trainer transcript is a real game: replaying the typed lines gives exactly the
/// transcript's output.
#[test]
fn the_readme_transcript_is_a_real_game() {
    let readme = include_str!("../../README.md");
    let start = readme
        .find("$ nimsolve play --first human")
        .expect("a trainer transcript in the README");
    let block = &readme[start..];
    let block = &block[..block.find("```").unwrap()];
    let mut lines = block.lines();
    let command = lines.next().unwrap().trim_start_matches("$ ");
    let args: Vec<&str> = command.split_whitespace().skip(1).collect();
    let mut typed = Vec::new();
    let mut shown = String::new();
    // The header, then the list of commands, which goes to the terminal (stderr) only: it is
    // what `help` prints, wrapped to 80 columns as without a terminal.
    let header = lines.next().unwrap();
    shown.push_str(header);
    shown.push('\n');
    let commands: Vec<&str> = lines.clone().take_while(|l| !l.contains("> ")).collect();
    assert!(
        commands
            .last()
            .is_some_and(|l| l.ends_with("(--no-coach plays blind).")),
        "the transcript lists the commands first: {commands:?}"
    );
    let helped = ok_stdin(&args, "help\nquit\n");
    let helped: Vec<&str> = helped.lines().skip(1).take(commands.len()).collect();
    assert_eq!(commands, helped, "the README's list of commands is help's");
    let mut lines = lines.skip(commands.len());
    for line in lines.by_ref() {
        // Typed lines follow the prompt "… your move> ".
        if let Some((_, input)) = line.split_once("> ") {
            typed.push(input.to_string());
        } else {
            shown.push_str(line);
            shown.push('\n');
        }
    }
    assert!(!typed.is_empty(), "the transcript types moves");
    let out = ok_stdin(&args, &(typed.join("\n") + "\n"));
    assert_eq!(out, shown);
}

// ---------------------------------------------------------------------------------------------
// The library side.
// ---------------------------------------------------------------------------------------------

#[test]
fn hints_undo_and_the_winner_in_the_library() {
    let game = Game::nim(Play::Normal);
    let engine = Engine::new(Level::Perfect, 0);
    let mut t = Trainer::new(
        &game,
        game.position(nats(&[3, 4, 5])).unwrap(),
        Seat::Human,
        Seat::Engine(Box::new(engine)),
    );
    assert!(t.is_human(Player::First) && !t.is_human(Player::Second));
    assert_eq!(t.engine_move().unwrap(), None, "the person is to move");
    assert_eq!(
        t.hint().unwrap(),
        Hint::Outcome {
            wins: true,
            next: HintNext::Pile
        }
    );
    assert_eq!(
        t.hint().unwrap(),
        Hint::Pile {
            wins: true,
            pile: 0,
            both: false
        }
    );
    let winning = Move::pile(&nats(&[3, 4, 5]), 0, Nat::ONE);
    let third = t.hint().unwrap();
    assert_eq!(
        third,
        Hint::Move {
            wins: true,
            mv: winning.clone(),
            delaying: false,
            of: 3
        }
    );
    assert_eq!(third.stage(), 3);
    t.play(&winning).unwrap();
    let reply = t.engine_move().unwrap().unwrap();
    assert_eq!(reply.player, Player::Second);
    assert_eq!(
        reply.outcome,
        Some(Outcome::N),
        "the engine leaves a won position"
    );
    assert_eq!(
        t.hint().unwrap(),
        Hint::Outcome {
            wins: true,
            next: HintNext::Pile
        },
        "stages restart"
    );
    let undone = t.undo();
    assert_eq!(undone.len(), 2);
    assert_eq!(undone[0].turn, 2);
    assert_eq!(undone[1].mv, winning);
    assert_eq!(t.piles(), &nats(&[3, 4, 5])[..]);
    assert!(t.history().is_empty());
    assert!(t.undo().is_empty());

    // Play to the end by the advice: the person wins.
    while !t.is_over() {
        if t.engine_move().unwrap().is_none() {
            let mv = Optimal.choose(&game, t.position()).unwrap();
            t.play(&mv).unwrap();
        }
    }
    assert_eq!(t.winner(), Some(Player::First));

    // An illegal move is refused and changes nothing.
    let mut t = Trainer::new(
        &game,
        game.position(nats(&[2])).unwrap(),
        Seat::Human,
        Seat::Human,
    );
    let bad = Move::pile(&nats(&[2]), 0, Nat::from(5u64));
    assert!(t.play(&bad).is_err());
    assert_eq!(t.piles(), &nats(&[2])[..]);
    assert_eq!(t.winner(), None);
}

#[test]
fn engine_levels_err_at_their_stated_rates() {
    // From N-positions, count how often each level leaves an N-position (a mistake: a random
    // move that happens to win is not one). Easy plays at random half of the time, medium a
    // fifth; random moves from these positions rarely win.
    let game = Game::nim(Play::Normal);
    let positions: Vec<Position> = (1..=6u64)
        .flat_map(|a| (1..=6u64).map(move |b| [a, b, 7]))
        .map(|p| at(&game, &p))
        .filter(|p| game.analyze(p).unwrap().outcome == Outcome::N)
        .collect();
    let mistakes = |level: Level| -> usize {
        let mut engine = Engine::new(level, 42);
        let mut count = 0;
        for _ in 0..40 {
            for p in &positions {
                let mv = engine.choose(&game, p).unwrap();
                let after = game.apply_move(p, &mv).unwrap();
                if game.analyze(&after).unwrap().outcome == Outcome::N {
                    count += 1;
                }
            }
        }
        count
    };
    let total = 40 * positions.len();
    let rate = |level| mistakes(level) as f64 / total as f64;
    assert_eq!(mistakes(Level::Perfect), 0);
    let (easy, medium) = (rate(Level::Easy), rate(Level::Medium));
    assert!((0.35..0.5).contains(&easy), "easy errs {easy}");
    assert!((0.12..0.2).contains(&medium), "medium errs {medium}");
    assert_eq!(Level::Easy.mistake_percent(), 50);
    assert_eq!(Level::Medium.mistake_percent(), 20);
    assert_eq!(Level::Perfect.mistake_percent(), 0);
}

// ---------------------------------------------------------------------------------------------
// nimsolve random.
// ---------------------------------------------------------------------------------------------

fn random(args: &[&str]) -> Vec<Vec<u64>> {
    let mut all = vec!["random"];
    all.extend_from_slice(args);
    let out = ok(&all);
    out.lines()
        .map(|l| {
            // A game other than Nim starts the line with its spec (checked where it matters).
            l.split(' ')
                .skip_while(|t| t.parse::<u64>().is_err())
                .map(|p| p.parse().unwrap())
                .collect()
        })
        .collect()
}

/// The outcome of each position, by `nimsolve analyze --json` reading them from stdin.
fn outcomes(rules: &[&str], positions: &[Vec<u64>]) -> Vec<String> {
    let stdin: String = positions
        .iter()
        .map(|p| p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let mut args = vec!["analyze", "--json"];
    args.extend_from_slice(rules);
    json_lines(&ok_stdin(&args, &stdin))
        .iter()
        .map(|v| v["outcome"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn random_positions_are_reproducible_and_within_bounds() {
    let a = random(&["--count", "50", "--seed", "9"]);
    assert_eq!(a, random(&["--count", "50", "--seed", "9"]));
    assert_ne!(a, random(&["--count", "50", "--seed", "10"]));
    assert_eq!(a.len(), 50);
    for p in &a {
        assert!((3..=5).contains(&p.len()), "{p:?}");
        assert!(p.iter().all(|&x| (1..=9).contains(&x)), "{p:?}");
    }
    let b = random(&[
        "--count", "40", "--piles", "2..3", "--max", "100", "--seed", "1",
    ]);
    assert!(b.iter().all(|p| (2..=3).contains(&p.len())));
    assert!(b.iter().all(|p| p.iter().all(|&x| (1..=100).contains(&x))));
    assert!(b.iter().any(|p| p.iter().any(|&x| x > 9)));
    let c = random(&["--piles", "4", "--count", "10", "--seed", "2"]);
    assert!(c.iter().all(|p| p.len() == 4));
    // Without --seed, one position.
    assert_eq!(random(&[]).len(), 1);
}

#[test]
fn random_positions_of_a_chosen_outcome() {
    for rules in [
        &[][..],
        &["--misere"][..],
        &["--max-take", "3"][..],
        &["--subtract", "1,3,4", "--misere"][..],
        &["--wythoff"][..],
    ] {
        for (flag, want) in [("--losing", "P"), ("--winning", "N")] {
            let mut args = vec!["--count", "30", "--seed", "4", flag];
            args.extend_from_slice(rules);
            let positions = random(&args);
            assert_eq!(positions.len(), 30);
            let got = outcomes(rules, &positions);
            assert!(got.iter().all(|o| o == want), "{args:?}: {got:?}");
            assert!(
                positions.iter().all(|p| p.iter().all(|&x| x >= 1)),
                "{args:?}: {positions:?}"
            );
        }
    }
    // Losing positions of huge Nim piles are mended by a winning move, not searched for.
    let huge = random(&[
        "--losing",
        "--max",
        "1000000000000",
        "--count",
        "5",
        "--seed",
        "3",
    ]);
    assert_eq!(outcomes(&[], &huge), vec!["P"; 5]);
    // Wythoff's game has two piles.
    assert!(
        random(&["--wythoff", "--count", "5"])
            .iter()
            .all(|p| p.len() == 2)
    );
}

#[test]
fn random_refuses_absurd_values() {
    for (args, message) in [
        (
            &["--count", "0"][..],
            "--count 0: give 1 to 1000000 positions",
        ),
        (&["--count", "1000001"][..], "--count 1000001"),
        (&["--piles", "0"][..], "not a number of piles"),
        (
            &["--piles", "5..2"][..],
            "the fewest piles, 5, is more than the most, 2",
        ),
        (&["--piles", "1..1001"][..], "from 1 to 1000"),
        (&["--piles", "x"][..], "not a number of piles"),
        (&["--max", "0"][..], "--max must be at least 1"),
        (&["--max=-3"][..], "is not a pile size"),
        (&["--losing", "--winning"][..], "cannot be used with"),
        (
            &["--wythoff", "--piles", "3"][..],
            "Wythoff's game is played on 2 piles",
        ),
        (
            &["--subtract", "10", "--winning"][..],
            "found no winning position",
        ),
        (
            &[
                "--game",
                "dawsons-chess",
                "--misere",
                "--losing",
                "--max",
                "100",
                "--piles",
                "6",
            ][..],
            "--search-limit",
        ),
    ] {
        let mut all = vec!["random"];
        all.extend_from_slice(args);
        nimsolve()
            .args(&all)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(message));
    }
    let digits = "9".repeat(1001);
    nimsolve()
        .args(["random", "--max", &digits])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("more than 1000"));
}

#[test]
fn random_pipes_into_analyze_and_play() {
    let positions = random(&["--count", "20", "--seed", "8", "--winning"]);
    assert_eq!(outcomes(&[], &positions), vec!["N"; 20]);
    let start: Vec<String> = positions[0].iter().map(u64::to_string).collect();
    let mut args = vec!["play", "--no-coach", "--first", "human"];
    args.extend(start.iter().map(String::as_str));
    let game = Game::nim(Play::Normal);
    let script = perfect_script(&game, &positions[0], true);
    let out = ok_stdin(&args, script.join("\n"));
    assert!(out.ends_with("You win.\n"), "{out}");
}

/// The README's `random | analyze` transcript, with the pipe done here.
#[test]
fn the_readme_random_transcript() {
    let readme = include_str!("../../README.md");
    let command = "$ nimsolve random --count 2 --losing --seed 2 | nimsolve analyze --remoteness\n";
    let start = readme.find(command).expect("the transcript") + command.len();
    let expected: String = readme[start..]
        .lines()
        .take_while(|l| !l.starts_with("```"))
        .map(|l| format!("{l}\n"))
        .collect();
    let positions = ok_stdin(&["random", "--count", "2", "--losing", "--seed", "2"], "");
    assert_eq!(ok_stdin(&["analyze", "--remoteness"], &positions), expected);
}

/// Under `--lang zh` the trainer speaks Chinese too: hints with 必胜/必败, names, undo, the end.
#[test]
fn the_trainer_speaks_chinese() {
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--lang",
            "zh",
            "--first",
            "human",
            "1",
            "2",
            "4",
        ],
        "hint\nhint\nhint\n3 3\nundo\n3 1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "提示 1/3：你必胜（N 局面）：有一步能让对手陷入必败。再问可知取哪一堆。"
    );
    assert_eq!(lines[2], "提示 2/3：从第 3 堆取。再问可知具体着法。");
    assert_eq!(
        lines[3],
        "提示 3/3：必胜的着法是从第 3 堆取 1 个（4 → 3）：输入 3 1"
    );
    assert!(
        lines[4].contains("你") && lines[4].contains("从第 3 堆取 3 个（4 → 1）"),
        "{out}"
    );
    // The names are padded by the columns a terminal gives them (two a CJK character), so the
    // moves line up: "你" and "电脑" take 2 and 4 columns.
    assert_eq!(lines[4], "   1  你      从第 3 堆取 3 个（4 → 1）  → 1 2 1");
    assert_eq!(lines[5], "   2  电脑    从第 2 堆取 2 个（2 → 0）  → 1 0 1");
    assert!(out.contains("已悔棋："), "{out}");
    assert!(out.contains("局面回到 1 2 4。"), "{out}");
    assert!(
        !out.contains("hint ") && !out.contains("You win") && !out.contains("engine"),
        "{out}"
    );
    // Played to the end by the hint's move and then perfectly: the human wins.
    let end = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--lang",
            "zh",
            "--first",
            "human",
            "1",
            "2",
        ],
        "1 1\n2 1\n",
    );
    assert!(
        end.ends_with("你赢了。\n") || end.ends_with("电脑赢了。\n"),
        "{end}"
    );
}

#[test]
fn a_sum_is_played_against_the_engine() {
    // Nim 3 + Wythoff (1, 2): `both 1` takes from the Wythoff component's two piles (2 and 3).
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--first",
            "human",
            "3",
            "+",
            "wythoff",
            "1",
            "2",
        ],
        "both 1\n1 1\n",
    );
    assert_eq!(
        out,
        "Nim + Wythoff's game, normal play from 3 + wythoff 1 2 (first: human, second: optimal)\n\
         \x20  1  you     take 1 from both piles 2 and 3 (1 2 → 0 1)  → 3 + wythoff 0 1\n\
         \x20  2  engine  take 2 from pile 1 (3 → 1)  → 1 + wythoff 0 1\n\
         \x20  3  you     take 1 from pile 1 (1 → 0)  → 0 + wythoff 0 1\n\
         \x20  4  engine  take 1 from pile 3 (1 → 0)  → 0 + wythoff 0 0\n\
         Second player wins after 4 moves (second made the last move, normal play)\n\
         The engine wins.\n"
    );
    // Two perfect players replay a sum to its end, the winner as the sum's value predicts.
    let replay = ok(&["play", "--json", "3", "4", "+", "wythoff", "1", "3"]);
    let lines = json_lines(&replay);
    let last = lines.last().expect("a final line");
    // Grundy value (3 ⊕ 4) ⊕ g(1, 3) = 7 ⊕ 4 = 3 ≠ 0: the first player wins.
    assert_eq!(last["winner"], "first");
    assert_eq!(last["turns"].as_u64(), Some(lines.len() as u64 - 1));
}

#[test]
fn the_trainer_answers_bad_lines_in_chinese() {
    let out = ok_stdin(
        &[
            "--lang",
            "zh",
            "play",
            "--no-coach",
            "--first",
            "human",
            "3",
            "+",
            "wythoff",
            "1",
            "2",
        ],
        "9 9\nfoo\n1 0\n3 9\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1..],
        [
            "不合规的走法：没有第 9 堆：各堆编号为 1 到 3",
            "\"foo\" 既不是着法也不是命令：着法请输入 堆号 取数（2 3 表示从第 2 堆取 3 个），威佐夫分量也可输入 both 取数（both 3 表示从两堆各取 3 个）；命令有 提示、悔棋、显示、帮助、退出（或 hint、undo、show、help、quit）",
            "不合规的走法：一步至少要取一个",
            "不合规的走法：第 3 堆只有 2 个，不能取 9 个",
            "输入结束：对局在 3 + wythoff 1 2 处中止，共走了 0 步。",
        ]
    );
}

#[test]
fn moves_from_both_piles_in_a_sum_name_their_component() {
    // Two Wythoff components: the hint's move names its piles, and what it says to type is
    // accepted.
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--first",
            "human",
            "wythoff",
            "0",
            "0",
            "+",
            "wythoff",
            "2",
            "2",
        ],
        "hint\nhint\nhint\nboth 3 2\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[3],
        "hint 3/3: the winning move: take 2 from both piles 3 and 4 (2 2 → 0 0): type both 3 2"
    );
    assert_eq!(
        lines[4],
        "   1  you     take 2 from both piles 3 and 4 (2 2 → 0 0)  → wythoff 0 0 + wythoff 0 0"
    );
    // In JSON, a replay's moves name their component, and a Wythoff component's piles after.
    let replay = json_lines(&ok(&["play", "--json", "wythoff", "2", "2", "+", "1"]));
    assert_eq!(
        replay[1]["move"],
        serde_json::json!({"component": 1, "pile": "both", "take": 1, "after": [0, 1]})
    );
    assert_eq!(
        replay[3]["move"],
        serde_json::json!({"component": 2, "pile": 3, "from": 1, "to": 0, "take": 1, "after": "0"})
    );
}

// ---------------------------------------------------------------------------------------------
// The coach, the Chinese commands, the seed, the help's width.
// ---------------------------------------------------------------------------------------------

#[test]
fn the_coach_judges_every_move_of_the_person() {
    // 2 3 4 (nim-sum 5): 1 1 throws the win away (4 → 1 would have kept it); the engine then
    // leaves 1 3 2, a P-position, where every move is lost.
    let out = ok_stdin(&["play", "--first", "human", "2", "3", "4"], "1 1\n2 3\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "   1  you     take 1 from pile 1 (2 → 1)  → 1 3 4  [S2, N-position]"
    );
    assert_eq!(
        lines[2],
        "coach: a blunder. 1 3 4 is an N-position, so the win is thrown away; take 3 from pile 3 (4 → 1) would have kept it (type 3 3)."
    );
    assert_eq!(
        lines[3],
        "   2  engine  take 2 from pile 3 (4 → 2)  → 1 3 2  [T2, P-position]"
    );
    assert_eq!(
        lines[4],
        "   3  you     take 3 from pile 2 (3 → 0)  → 1 0 2  [S1, N-position]"
    );
    assert_eq!(
        lines[5],
        "coach: the position was already lost (a P-position): no move wins against perfect play, so hold out and hope for a mistake."
    );
    // The winning move, and the engine's lines carry no coach.
    let out = ok_stdin(&["play", "--first", "human", "3", "4", "5"], "1 2\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[2],
        "coach: a winning move. 1 4 5 is a P-position: the player to move there loses against perfect play."
    );
    assert!(lines[3].starts_with("   2  engine  "), "{out}");
    assert_eq!(out.matches("coach:").count(), 1, "{out}");
}

#[test]
fn no_coach_plays_blind() {
    let out = ok_stdin(
        &["play", "--no-coach", "--first", "human", "2", "3", "4"],
        "1 1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "   1  you     take 1 from pile 1 (2 → 1)  → 1 3 4"
    );
    assert_eq!(
        lines[2],
        "   2  engine  take 2 from pile 3 (4 → 2)  → 1 3 2"
    );
    assert!(!out.contains("coach") && !out.contains('['), "{out}");
    let r = crate::common::cli::run(&["play", "--no-coach", "1", "2"], b"");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("--no-coach is for a game with a human player")
    );
}

#[test]
fn the_coach_follows_every_family_and_sums() {
    // Wythoff's game: (4, 7) is a Wythoff pair, so a move from both piles is lost.
    let out = ok_stdin(
        &["play", "--first", "human", "--wythoff", "4", "7"],
        "both 3\n",
    );
    assert!(
        out.contains("   1  you     take 3 from both piles (4 7 → 1 4)  → 1 4  [N-position]"),
        "{out}"
    );
    assert!(
        out.contains("coach: the position was already lost"),
        "{out}"
    );
    // The Bash game: 10 = 4·2 + 2, so take 2; taking 1 leaves 9, an N-position.
    let out = ok_stdin(
        &["play", "--first", "human", "--max-take", "3", "10"],
        "1 1\n",
    );
    assert!(out.contains("→ 9  [N-position]"), "{out}");
    assert!(
        out.contains("take 2 from pile 1 (10 → 8) would have kept it (type 1 2)"),
        "{out}"
    );
    // A Kayles row beside a Nim heap: the split is typed as it is named.
    let out = ok_stdin(
        &["play", "--first", "human", "kayles", "4", "+", "nim", "3"],
        "1 1 = 1 + 2\n",
    );
    assert!(
        out.contains("   1  you     take 1 from pile 1 (4 → 1 + 2)  → kayles 1 2 + 3"),
        "{out}"
    );
    assert!(out.contains("coach: "), "{out}");
}

#[test]
fn the_trainer_takes_chinese_commands_and_coaches_in_chinese() {
    let out = ok_stdin(
        &["--lang", "zh", "play", "--first", "human", "3", "4", "5"],
        "提示\n1 2\n悔棋\n显示\n2 1\n退出\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].starts_with("提示 1/3："), "{out}");
    assert_eq!(
        lines[2],
        "   1  你      从第 1 堆取 2 个（3 → 1）  → 1 4 5  [T2，奇异局势]"
    );
    assert_eq!(
        lines[3],
        "教练：好棋。1 4 5 是奇异局势（P 局面）：双方都走最优时，轮到走的一方必败。"
    );
    assert!(lines[5].starts_with("已悔棋："), "{out}");
    assert!(lines[6].starts_with("局面 3 4 5"), "{out}");
    assert_eq!(
        lines[7],
        "   1  你      从第 2 堆取 1 个（4 → 3）  → 3 3 5  [S2，非奇异局势]"
    );
    assert_eq!(
        lines[8],
        "教练：失着。3 3 5 是非奇异局势（N 局面），必胜的局面丢掉了；应该从第 1 堆取 2 个（3 → 1）（输入 1 2）。"
    );
    assert!(lines.last().unwrap().starts_with("对局在"), "{out}");
    // 帮助 prints the commands, wrapped.
    let out = ok_stdin(
        &["--lang", "zh", "play", "--first", "human", "1"],
        "帮助\n退出\n",
    );
    assert!(out.contains("提示（hint）"), "{out}");
    for line in out.lines() {
        assert!(nimsolve_width(line) <= 80, "{line:?}");
    }
}

/// Terminal columns of a line (two for each wide character).
fn nimsolve_width(line: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(line)
}

#[test]
fn help_wraps_when_not_on_a_terminal_to_80_columns() {
    let out = ok_stdin(&["play", "--first", "human", "1"], "help\nquit\n");
    let help: Vec<&str> = out
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("The game stops"))
        .collect();
    assert!(help.len() >= 4, "{out}");
    assert_eq!(help[0], "Moves, typed at the prompt:");
    assert!(
        help.last().unwrap().ends_with("(--no-coach plays blind)."),
        "{out}"
    );
    for line in &help {
        assert!(nimsolve_width(line) <= 80, "{line:?}");
    }
}

/// The help lists the ways the position's moves are typed, and no other: plain Nim its
/// takes, a sum with Wythoff's game also `both`, a staircase `to`, a Hackenbush graph `to` and
/// `cut`.
#[test]
fn help_lists_the_ways_the_positions_moves_are_typed() {
    let rows = |position: &[&str]| -> Vec<String> {
        let mut args = vec!["play", "--first", "human"];
        args.extend_from_slice(position);
        let out = ok_stdin(&args, "help\nquit\n");
        out.lines()
            .skip_while(|l| !l.starts_with("Moves, typed at the prompt:"))
            .skip(1)
            .take_while(|l| !l.starts_with("Commands:"))
            .filter_map(|l| l.strip_prefix("  ")?.split("  ").next().map(str::to_string))
            .filter(|way| !way.trim().is_empty())
            .collect()
    };
    assert_eq!(rows(&["3", "4", "5"]), ["PILE TAKE"]);
    assert_eq!(
        rows(&["3", "+", "wythoff", "3", "5"]),
        ["PILE TAKE", "both TAKE"]
    );
    assert_eq!(rows(&["staircase", "3", "1"]), ["to NUMBERS"]);
    assert_eq!(rows(&["hackenbush", "0-1"]), ["to NUMBERS", "cut A-B"]);
    assert_eq!(rows(&["kayles", "5"]), ["PILE TAKE", "PILE TAKE = A + B"]);
}

/// The seed line printed under the header of a game that drew one.
fn drawn_seed(out: &str) -> Option<u64> {
    let line = out.lines().nth(1)?;
    let rest = line.strip_prefix("Seed ")?;
    rest.split_whitespace().next()?.parse().ok()
}

#[test]
fn random_players_and_easy_engines_draw_a_seed_and_print_it() {
    let args = ["play", "--second", "random", "5", "6", "7"];
    let out = ok(&args);
    let seed = drawn_seed(&out).expect("a drawn seed under the header");
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .ends_with(&format!("--seed {seed} plays it again)")),
        "{out}"
    );
    // The game printed is the game of that seed.
    let again = ok(&[
        "play",
        "--second",
        "random",
        "--seed",
        &seed.to_string(),
        "5",
        "6",
        "7",
    ]);
    let moves = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("  "))
            .map(String::from)
            .collect()
    };
    assert_eq!(moves(&out), moves(&again));
    assert_eq!(drawn_seed(&again), None, "a given seed is not printed");
    // Fresh each run: two runs drawing the same seed of 2^64 would be a broken generator.
    let other = drawn_seed(&ok(&args)).unwrap();
    assert_ne!(seed, other);
    // An easy engine against a person draws one too; a perfect one needs none.
    let easy = ok_stdin(
        &["play", "--first", "human", "--level", "easy", "3", "4", "5"],
        "",
    );
    assert!(drawn_seed(&easy).is_some(), "{easy}");
    let perfect = ok_stdin(&["play", "--first", "human", "3", "4", "5"], "");
    assert_eq!(drawn_seed(&perfect), None, "{perfect}");
    assert_eq!(drawn_seed(&ok(&["play", "3", "4", "5"])), None);
    // JSON: the seed in the last object.
    let json = json_lines(&ok(&["play", "--json", "--first", "random", "1", "2"]));
    let last = json.last().unwrap();
    assert!(last["seed"].is_u64(), "{last}");
    let given = json_lines(&ok(&[
        "play", "--json", "--first", "random", "--seed", "3", "1", "2",
    ]));
    assert!(given.last().unwrap().get("seed").is_none());
}

/// A random position of digital deletions is made of heaps 1DIGITS (the only positions of the
/// game), up to `--max`, and `analyze` takes every one of them.
#[test]
fn random_digits_positions_are_positions_of_the_game() {
    let out = ok_stdin(
        &[
            "random", "--game", "digits", "--max", "1999", "--count", "30", "--seed", "4",
            "--losing",
        ],
        "",
    );
    assert!(out.lines().all(|l| l.starts_with("digits ")), "{out}");
    let heaps: Vec<u64> = out
        .split_whitespace()
        .filter(|&t| t != "digits")
        .map(|h| h.parse().expect("a heap"))
        .collect();
    assert!(heaps.len() >= 90, "{out}");
    assert!(
        heaps.iter().all(|&h| h == 1
            || (10..20).contains(&h)
            || (100..200).contains(&h)
            || (1000..2000).contains(&h)),
        "{out}"
    );
    // Heaps of every length are drawn, in proportion to how many there are.
    assert!(heaps.iter().any(|&h| h >= 1000), "{out}");
    let analysed = ok_stdin(&["analyze", "--json"], &out);
    let outcomes: Vec<String> = analysed
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON")["outcome"].to_string())
        .collect();
    assert_eq!(outcomes, vec!["\"P\"".to_string(); 30], "{analysed}");
}

/// A random position of a game other than Nim starts with the game's spec, so that it pipes
/// into `analyze` (and `play`, `move`) under its rules without the rule flags again.
#[test]
fn random_positions_name_their_game() {
    let out = ok(&[
        "random", "--game", "kayles", "--losing", "--count", "5", "--seed", "5",
    ]);
    assert!(out.lines().all(|l| l.starts_with("kayles ")), "{out}");
    let analysed = ok_stdin(&["analyze", "--json"], &out);
    for line in analysed.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(v["outcome"], "P", "{line}");
    }
    assert!(
        ok(&["random", "--wythoff", "--count", "3", "--seed", "1"])
            .lines()
            .all(|l| l.starts_with("wythoff ") && l.split(' ').count() == 3)
    );
    assert_eq!(
        ok(&["random", "--subtract", "1,3,4", "--seed", "1"]),
        "subtract:1,3,4 9 2 4 8\n"
    );
    // Nim's positions stay bare piles.
    assert_eq!(ok(&["random", "--seed", "1"]), "9 2 4 8\n");
}

/// A split typed against a game of two piles (Wythoff's, kiki's) is refused as a move of
/// take-and-break games only, alone and in a sum; it once reached the search as three piles.
#[test]
fn a_split_typed_in_a_two_pile_game_is_refused() {
    for (args, typed, start) in [
        (&["--wythoff", "2", "3"][..], "1 0 = 1 + 1\n", "2 3"),
        (&["kiki", "3", "4"][..], "1 1 = 1 + 1\n", "3 4"),
        (
            &["3", "+", "wythoff", "2", "3"][..],
            "2 0 = 1 + 1\n",
            "3 + wythoff 2 3",
        ),
    ] {
        let mut all = vec!["play", "--first", "human"];
        all.extend_from_slice(args);
        let out = ok_stdin(&all, typed);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[1..],
            [
                "illegal move: splitting a heap is a move of take-and-break games only",
                &format!("The game stops unfinished at {start} after 0 moves (end of input)."),
            ],
            "{out}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Piles of a sum named by their component; lines piped stay as they are.
// ---------------------------------------------------------------------------------------------

#[test]
fn both_3_1_in_a_sum_names_the_second_pile_and_suggests_both_2_1() {
    // 1 + wythoff 4 7: the Wythoff component's piles are 2 and 3, so `both 3 1` names its
    // second pile; `both 2 1` is the move meant, and it is then played.
    let play = [
        "play",
        "--no-coach",
        "--first",
        "human",
        "1",
        "+",
        "wythoff",
        "4",
        "7",
    ];
    let out = ok_stdin(&play, "both 3 1\nboth 1 1\nboth 2 1\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].starts_with("illegal move: ")
            && lines[1].contains(": pile 3 is the second pile of component 2 (piles 2 and 3)"),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with("type both 2 1"), "{}", lines[1]);
    // Pile 1 is Nim's: the error says where a move from both piles is made.
    assert!(
        lines[2].contains("pile 1 is in component 1"),
        "{}",
        lines[2]
    );
    assert!(lines[2].ends_with("type both 2 1"), "{}", lines[2]);
    assert!(
        lines[3].contains("take 1 from both piles 2 and 3 (4 7 → 3 6)"),
        "{}",
        lines[3]
    );
    // Two Wythoff components: both first piles are offered.
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--first",
            "human",
            "1",
            "+",
            "wythoff",
            "4",
            "7",
            "+",
            "wythoff",
            "2",
            "3",
        ],
        "both 1 2\nboth 5 1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[1].ends_with("type both 2 2 or both 4 2"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains("pile 5 is the second pile of component 3"),
        "{}",
        lines[2]
    );
    assert!(lines[2].ends_with("type both 4 1"), "{}", lines[2]);
    // In Chinese.
    let mut zh = vec!["--lang", "zh"];
    zh.extend(play);
    let out = ok_stdin(&zh, "both 3 1\n");
    let line = out.lines().nth(1).unwrap();
    assert!(line.contains("第 3 堆是第 2 个分量"), "{line}");
    assert!(line.ends_with("请输入 both 2 1"), "{line}");
}

#[test]
fn show_in_a_sum_says_which_piles_belong_to_which_game() {
    let out = ok_stdin(
        &[
            "play", "--first", "human", "1", "2", "+", "wythoff", "4", "7",
        ],
        "show\n",
    );
    let line = out.lines().nth(1).unwrap();
    assert!(
        line.contains("component 1 (Nim) with pile 1: 1, pile 2: 2; component 2 (Wythoff's game) with pile 3: 4, pile 4: 7"),
        "{line}"
    );
    let out = ok_stdin(
        &[
            "--lang", "zh", "play", "--first", "human", "1", "2", "+", "wythoff", "4", "7",
        ],
        "show\n",
    );
    let line = out.lines().nth(1).unwrap();
    assert!(
        line.contains("第 2 个分量（威佐夫博弈）含第 3 堆：4，第 4 堆：7"),
        "{line}"
    );
    // One game: the piles alone, as before.
    let out = ok_stdin(&["play", "--first", "human", "3", "4", "5"], "show\n");
    assert!(out.contains("— pile 1: 3, pile 2: 4, pile 3: 5;"), "{out}");
}

#[test]
fn coach_and_hint_lines_piped_are_not_wrapped() {
    // Standard output is a pipe: the long lines stay whole, byte for byte.
    let out = ok_stdin(
        &["play", "--first", "human", "2", "3", "4"],
        "hint\nhint\nhint\n1 1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[3].starts_with("hint 3/3: "), "{out}");
    let coach = lines
        .iter()
        .find(|l| l.starts_with("coach: a blunder."))
        .unwrap();
    assert!(coach.ends_with("would have kept it (type 3 3)."), "{coach}");
    assert!(coach.chars().count() > 100, "{coach}");
}

/// A lone component played as one whole state has two stages of hints (no pile between the
/// outcome and the move); in a sum the second names the component.
#[test]
fn hints_for_whole_states_name_the_component_not_a_pile() {
    let lone = ok_stdin(
        &["play", "--first", "human", "staircase", "3", "1", "4"],
        "hint\nhint\n",
    );
    let hints: Vec<&str> = lone.lines().filter(|l| l.starts_with("hint")).collect();
    assert_eq!(hints.len(), 2, "{lone}");
    assert!(hints[0].starts_with("hint 1/2:"), "{lone}");
    assert!(hints[1].starts_with("hint 2/2:"), "{lone}");
    // The odd steps hold 3 and 4: the winning moves leave 4 0 4 or 3 2 3.
    let typed = hints[1].rsplit_once("type ").unwrap().1;
    assert!(["to 4 0 4", "to 3 2 3"].contains(&typed), "{typed}");

    let sum = ok_stdin(
        &[
            "play",
            "--first",
            "human",
            "5",
            "+",
            "staircase",
            "3",
            "1",
            "4",
        ],
        "hint\nhint\nhint\n",
    );
    let hints: Vec<&str> = sum.lines().filter(|l| l.starts_with("hint")).collect();
    assert_eq!(hints.len(), 3, "{sum}");
    // 5 ⊕ (3 ⊕ 4) = 2: a winning move in the staircase makes its odd steps' nim-sum 5.
    assert!(
        hints[1].starts_with("hint 2/3: play in component 2."),
        "{sum}"
    );
    let typed = hints[2].rsplit_once("type ").unwrap().1;
    assert_eq!(typed, "to 2: 1 1 4");
}

/// A position with no heaps offers no `PILE TAKE`; a game that reads moves in its own words
/// offers them (Green Hackenbush's `cut A-B`).
#[test]
fn the_move_syntax_offered_is_the_positions() {
    for (position, heaps) in [("hackenbush 0-1,1-2", false), ("hackenbush 0-1 + 3", true)] {
        let out = ok_stdin(
            &["play", "--no-coach", "--first", "human", position],
            "foo\nquit\n",
        );
        let said = out.lines().nth(1).unwrap_or_default();
        assert!(said.contains("cut A-B"), "{said}");
        assert_eq!(said.contains("PILE TAKE"), heaps, "{said}");
    }
}
