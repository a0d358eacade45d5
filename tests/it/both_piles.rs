//! A move from both piles (Wythoff's game, kiki's diagonal step) is written the same way by
//! every human printer — `analyze`, `--explain`, `move`, `play`, the trainer's move lines, its
//! coach, hints and undo, and `review` — with the pair it changes: `take 1 from both piles
//! (4 6 → 3 5)`, in English and Chinese. JSON is unchanged.

use crate::common::cli::{json_lines, ok, ok_stdin};
use proptest::prelude::*;

#[test]
fn analyze_explain_and_move_show_the_pair() {
    assert_eq!(
        ok(&["analyze", "--wythoff", "4", "6"]),
        "N-position in Wythoff's game, normal play: the player to move wins; difference 2, whose Wythoff pair is (3, 5); 1 winning move: take 1 from both piles (4 6 → 3 5); remoteness 5\n"
    );
    // A batch line, the hot path of analyze.
    assert_eq!(
        ok_stdin(&["analyze", "--wythoff"], "4 6\n"),
        "N-position in Wythoff's game, normal play: the player to move wins; difference 2, whose Wythoff pair is (3, 5); 1 winning move: take 1 from both piles (4 6 → 3 5)\n"
    );
    let explain = ok(&["analyze", "--explain", "--wythoff", "4", "6"]);
    let lines: Vec<&str> = explain.lines().collect();
    assert!(
        lines.contains(&"Play: take 1 from both piles (4 6 → 3 5)."),
        "{explain}"
    );
    assert!(lines.contains(&"Playing take 1 from both piles (4 6 → 3 5) leaves (3, 5) = (a_2, b_2), the Wythoff pair k = 2: a P-position."), "{explain}");
    assert!(
        lines.contains(&"  take 1 from both piles (4 6 → 3 5)"),
        "{explain}"
    );
    assert_eq!(
        ok(&["move", "--wythoff", "4", "6"]),
        "take 1 from both piles (4 6 → 3 5) → wythoff 3 5: a winning move (N-position, Wythoff's game, normal play)\n"
    );
    // In a sum the piles are named, and the pair is the component's.
    assert_eq!(
        ok(&["analyze", "3", "+", "wythoff", "4", "6"]),
        "N-position in Nim + Wythoff's game, normal play: the player to move wins; Grundy value 3 ⊕ 9 = 10; 2 winning moves, e.g. take 2 from both piles 2 and 3 (4 6 → 2 4); remoteness 9\n"
    );
    // Kiki's diagonal step, worded as the coin's.
    assert_eq!(
        ok(&["analyze", "--game", "kiki", "3", "3"]),
        "N-position in kiki's game, normal play: the player to move wins; Grundy value 2; 1 winning move: move diagonally to (2, 2); remoteness 5\n"
    );
}

#[test]
fn a_replayed_game_shows_the_pair() {
    let out = ok(&["play", "--wythoff", "4", "6"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "   1  first   take 1 from both piles (4 6 → 3 5)  → 3 5  [P-position]"
    );
    assert_eq!(
        lines[5],
        "   5  first   take 1 from both piles (1 1 → 0 0)  → 0 0  [P-position]"
    );
    let out = ok(&["--lang", "zh", "play", "--wythoff", "4", "6"]);
    assert_eq!(
        out.lines().nth(1).unwrap(),
        "   1  先手    从两堆各取 1 个（4 6 → 3 5）  → 3 5  [奇异局势]"
    );
}

#[test]
fn the_trainer_shows_the_pair_in_moves_hints_the_coach_and_undo() {
    let typed = "hint\nhint\nhint\nboth 1\nundo\n1 1\n";
    let out = ok_stdin(&["play", "--first", "human", "--wythoff", "4", "6"], typed);
    let expected = "\
Wythoff's game, normal play from 4 6 (first: human, second: optimal)
hint 1/3: you are winning (an N-position): some move leaves your opponent lost. Ask again for the pile.
hint 2/3: take the same amount from both piles. Ask again for the move.
hint 3/3: the winning move: take 1 from both piles (4 6 → 3 5): type both 1
   1  you     take 1 from both piles (4 6 → 3 5)  → 3 5  [P-position]
coach: a winning move. 3 5 is a P-position: the player to move there loses against perfect play.
   2  engine  take 1 from pile 1 (3 → 2)  → 2 5  [N-position]
Took back turn 2 (engine: take 1 from pile 1 (3 → 2)) and turn 1 (you: take 1 from both piles (4 6 → 3 5)); the position is 4 6 again.
   1  you     take 1 from pile 1 (4 → 3)  → 3 6  [N-position]
coach: a blunder. 3 6 is an N-position, so the win is thrown away; take 1 from both piles (4 6 → 3 5) would have kept it (type both 1).
   2  engine  take 1 from pile 2 (6 → 5)  → 3 5  [P-position]
The game stops unfinished at 3 5 after 2 moves (end of input).
";
    assert_eq!(out, expected);
    let out = ok_stdin(
        &[
            "--lang",
            "zh",
            "play",
            "--first",
            "human",
            "--wythoff",
            "4",
            "6",
        ],
        "提示\n提示\n提示\nboth 1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[3],
        "提示 3/3：必胜的着法是从两堆各取 1 个（4 6 → 3 5）：输入 both 1"
    );
    assert_eq!(
        lines[4],
        "   1  你      从两堆各取 1 个（4 6 → 3 5）  → 3 5  [奇异局势]"
    );
}

#[test]
fn json_names_the_move_as_before() {
    let values = json_lines(&ok(&["move", "--json", "--wythoff", "4", "6"]));
    assert_eq!(
        values[0]["move"],
        serde_json::json!({"component": 1, "pile": "both", "take": 1, "after": [3, 5]})
    );
    let values = json_lines(&ok(&["play", "--json", "--wythoff", "4", "6"]));
    assert_eq!(
        values[0]["move"],
        serde_json::json!({"component": 1, "pile": "both", "take": 1, "after": [3, 5]})
    );
}

/// The pair shown after `from both piles` in a line: `(a b → c d)`.
fn pairs_shown(line: &str) -> Vec<([u64; 2], [u64; 2])> {
    let mut found = Vec::new();
    for (at, _) in line.match_indices("from both piles") {
        let rest = &line[at..];
        let open = rest.find('(').expect("a pair after the move");
        let close = rest.find(')').expect("the pair closes");
        let (before, after) = rest[open + 1..close]
            .split_once(" → ")
            .expect("before → after");
        let pair = |text: &str| {
            let v: Vec<u64> = text.split(' ').map(|n| n.parse().unwrap()).collect();
            [v[0], v[1]]
        };
        found.push((pair(before), pair(after)));
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// For any Wythoff position, the move `move` suggests from both piles shows the pair the
    /// piles were and the pair it leaves, the one written after the arrow.
    #[test]
    fn the_pair_shown_is_the_positions_and_the_one_left(a in 1u64..40, b in 1u64..40) {
        let (a, b) = (a.to_string(), b.to_string());
        let out = ok(&["move", "--all", "--wythoff", &a, &b]);
        let values = json_lines(&ok(&["move", "--json", "--all", "--wythoff", &a, &b]));
        let shown = pairs_shown(&out);
        // The suggested move first, then the list of winning moves, each with its pair left.
        let mut expected = Vec::new();
        let suggested = std::iter::once(&values[0]["move"]);
        let listed = values[0]["winning_moves"].as_array().into_iter().flatten();
        let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
        for mv in suggested.chain(listed).filter(|m| m["pile"] == "both") {
            let take = mv["take"].as_u64().unwrap();
            prop_assert!(take >= 1 && take <= a.min(b));
            let after = crate::common::cli::after_piles(mv);
            let after = [after[0], after[1]];
            prop_assert_eq!(after, [a - take, b - take]);
            expected.push(([a, b], after));
        }
        prop_assert_eq!(shown, expected, "{}", out);
    }
}
