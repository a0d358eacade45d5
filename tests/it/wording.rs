//! Regression tests for the wording a newcomer found wrong: reasons that named a game by its
//! spec keyword (`kayles`) instead of its name (`Kayles`), an `illegal move:` prefix on some
//! refusals of the trainer and not others, `1 more moves` and `pile(s)` in `--explain`, English
//! placeholders and family names left under `--lang zh`, two words for a P-position in the
//! state tags, ASCII punctuation in a Chinese quotient, a second hint that did not name the two
//! piles of a Wythoff component, help text that spoke of "the notes", and a remoteness message
//! that suggested raising a limit that cannot help.

use crate::common::cli::{ok, ok_stdin, run};

/// What the trainer answers to each line of `typed` (ending with `quit`) under `args`: the
/// lines between the header and the last line.
fn trainer_answers(args: &[&str], typed: &str) -> Vec<String> {
    let out = ok_stdin(args, format!("{typed}quit\n"));
    let lines: Vec<String> = out.lines().map(str::to_string).collect();
    lines[1..lines.len() - 1].to_vec()
}

#[test]
fn illegal_move_reasons_name_the_game_not_its_spec() {
    assert_eq!(
        trainer_answers(
            &["play", "--first", "human", "--game", "grundys-game", "5"],
            "1 1 = 2 + 2\n"
        ),
        ["illegal move: Grundy's game breaks a heap into unequal heaps"]
    );
    assert_eq!(
        trainer_answers(
            &["play", "--first", "human", "--game", "kayles", "5"],
            "1 3\n1 2 = 1 + 1 + 1\n"
        ),
        [
            "illegal move: a move of Kayles takes 1 or 2, not 3",
            "illegal move: in Kayles, a move that takes 2 may not break a heap into 3",
        ]
    );
    assert_eq!(
        trainer_answers(
            &["play", "--first", "human", "--game", "octal:0.137", "9"],
            "1 4\n"
        ),
        ["illegal move: a move of Dawson's chess takes 1, 2 or 3, not 4"]
    );
    assert_eq!(
        trainer_answers(&["play", "--first", "human", "officers 1 3"], "1 1\n"),
        ["illegal move: in Officers, a move that takes 1 may not remove a whole heap"]
    );
}

#[test]
fn review_names_the_games_of_a_component_whose_rules_changed() {
    let out = run(&["review"], "kayles 5\nnim 5\n");
    assert_eq!(out.code, Some(2));
    assert_eq!(
        out.stdout.lines().nth(1),
        Some(
            "   1  first   no single legal move leads from 5 to 5: component 1 is Nim where it \
             was Kayles: a move keeps the rules"
        )
    );
    let out = run(&["--lang", "zh", "review"], "kayles 5\nnim 5\n");
    assert_eq!(
        out.stdout.lines().nth(1),
        Some(
            "   1  先手    从 5 到 5 不是一步合法的走法：第 1 个部分的规则由 Kayles 保龄球游戏变成了 \
             Nim：一步棋不改变规则"
        )
    );
    let out = run(&["review", "--game", "kayles"], "5\n2\n");
    assert!(
        out.stdout
            .contains("would lead there, but illegal move: a move of Kayles takes 1 or 2, not 3"),
        "{}",
        out.stdout
    );
}

#[test]
fn every_refused_move_of_the_trainer_says_illegal_move() {
    assert_eq!(
        trainer_answers(&["play", "--first", "human", "3", "7"], "1 100\n5 1\n1 0\n"),
        [
            "illegal move: pile 1 holds 3, so you cannot take 100 from it",
            "illegal move: there is no pile 5: the piles are numbered 1 to 2",
            "illegal move: a move takes at least one object",
        ]
    );
    assert_eq!(
        trainer_answers(&["play", "--first", "human", "0", "7"], "1 1\n2 8\n"),
        [
            "illegal move: pile 1 is empty",
            "illegal move: pile 2 holds 7, so you cannot take 8 from it",
        ]
    );
    assert_eq!(
        trainer_answers(
            &["--lang", "zh", "play", "--first", "human", "3", "7"],
            "1 100\n5 1\n1 0\n"
        ),
        [
            "不合规的走法：第 1 堆只有 3 个，不能取 100 个",
            "不合规的走法：没有第 5 堆：各堆编号为 1 到 2",
            "不合规的走法：一步至少要取一个",
        ]
    );
}

/// The lines of `nimsolve analyze --explain` of `args` that start with `start`.
fn explain_lines(args: &[&str], start: &str) -> Vec<String> {
    let mut all = vec!["analyze", "--explain"];
    all.extend_from_slice(args);
    ok(&all)
        .lines()
        .filter(|l| l.starts_with(start))
        .map(str::to_string)
        .collect()
}

#[test]
fn explain_counts_moves_and_piles_in_words() {
    assert_eq!(
        explain_lines(&["5"], "Remoteness"),
        [
            "Remoteness 1: under best play (the winner hurries, the loser delays) the game ends \
             after 1 more move."
        ]
    );
    assert_eq!(
        explain_lines(&["0", "0"], "Remoteness"),
        ["Remoteness 0: no move is left, so the game is over."]
    );
    assert_eq!(
        explain_lines(&["--lang", "zh", "0", "0"], "遥度"),
        ["遥度 0：已无子可取，对局已经结束。"]
    );
    assert_eq!(
        explain_lines(&["7", "8", "9"], "State"),
        [
            "State S2: nim-sum ≠ 0, two or more piles larger than one (3 piles larger than one, \
             no pile of one); in the P/Q/R/S/F naming: F."
        ]
    );
    assert_eq!(
        explain_lines(&["1", "1", "5"], "State"),
        [
            "State S1: nim-sum ≠ 0, exactly one pile larger than one (2 piles of one); in the \
             P/Q/R/S/F naming: R."
        ]
    );
}

#[test]
fn remoteness_beyond_two_to_the_64_is_not_blamed_on_the_limit() {
    let said = explain_lines(
        &["18446744073709551616", "18446744073709551616", "5"],
        "No remoteness",
    );
    assert_eq!(
        said,
        [
            "No remoteness: the exhaustive search it needs may take more than 2^64 steps, so it \
             cannot be computed."
        ]
    );
    let said = explain_lines(
        &[
            "--lang",
            "zh",
            "18446744073709551616",
            "18446744073709551616",
            "5",
        ],
        "没有遥度",
    );
    assert_eq!(
        said,
        ["没有遥度：它需要的穷举搜索可能超过 2^64 步，无法计算。"]
    );
}

#[test]
fn the_chinese_trainer_translates_its_placeholders_and_keeps_what_is_typed() {
    let args = [
        "--lang", "zh", "play", "--first", "human", "1", "1", "+", "wythoff", "4", "6",
    ];
    let help = trainer_answers(&args, "help\n").join("");
    for english in ["PILE", "TAKE", "A + B"] {
        assert!(!help.contains(english), "{english} left in {help}");
    }
    assert!(help.contains("  堆号 取数  "), "{help}");
    assert!(help.contains("both 取数"), "{help}");
    assert!(help.contains("both 堆号 取数"), "{help}");
    // A split is typed only where a heap may be split.
    assert!(!help.contains("堆号 取数 = 甲 + 乙"), "{help}");
    let kayles = ["--lang", "zh", "play", "--first", "human", "kayles", "5"];
    let help = trainer_answers(&kayles, "help\n").join("");
    assert!(help.contains("堆号 取数 = 甲 + 乙"), "{help}");
    assert!(help.contains("--no-coach"), "{help}");
    assert_eq!(
        trainer_answers(&args, "foo\n"),
        [
            "\"foo\" 既不是着法也不是命令：着法请输入 堆号 取数（2 3 表示从第 2 堆取 3 个），威佐夫分量也可\
             输入 both 取数（both 3 表示从两堆各取 3 个）；命令有 提示、悔棋、显示、帮助、退出（或 hint、undo、\
             show、help、quit）"
        ]
    );
}

#[test]
fn every_named_family_has_a_chinese_name() {
    for (game, name) in [
        ("kayles", "Kayles 保龄球游戏"),
        ("dawsons-kayles", "Dawson 的 Kayles（八进制 0.07）"),
        ("dawsons-chess", "Dawson 象棋（八进制 0.137）"),
        ("officers", "军官游戏（八进制 0.6）"),
        ("grundys-game", "Grundy 博弈（把一堆分成不等的两堆）"),
        ("laskers-nim", "Lasker 的 Nim（可取可分堆）"),
    ] {
        let out = ok(&["--lang", "zh", "analyze", "--game", game, "7"]);
        assert!(
            out.starts_with(&format!("{name}，正常规则下的")),
            "{game}: {out}"
        );
    }
}

#[test]
fn the_replay_tags_a_p_position_as_the_trainer_and_review_do() {
    let out = ok(&[
        "--lang", "zh", "play", "--second", "random", "--seed", "3", "3", "4", "5",
    ]);
    assert_eq!(
        out.lines().nth(1),
        Some("   1  先手    从第 1 堆取 2 个（3 → 1）  → 1 4 5  [T2，奇异局势]")
    );
    assert_eq!(
        out.lines().nth(2),
        Some("   2  后手    从第 3 堆取 1 个（5 → 4）  → 1 4 4  [S2，非奇异局势]")
    );
    assert!(!out.contains("P 局面") && !out.contains("N 局面"), "{out}");
    // English keeps its one word.
    let out = ok(&["play", "--second", "random", "--seed", "3", "3", "4", "5"]);
    assert!(out.lines().nth(1).unwrap().ends_with("  [T2, P-position]"));
}

#[test]
fn a_chinese_quotient_uses_chinese_punctuation() {
    let out = ok(&["--lang", "zh", "quotient", "--subtract", "2,5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("减法博弈（可取数集合 {2, 5}）的反常商：驯服"),
        "{out}"
    );
    assert_eq!(lines[3], "生成元：a = 堆 2，b = 堆 5");
    assert_eq!(lines[4], "关系：a² = 1，b³ = b");
    assert_eq!(lines[5], "P 部分：a、b²");
    assert_eq!(lines[6], "各堆：");
    let out = ok(&["--lang", "zh", "quotient"]);
    assert!(out.starts_with("Nim 的反常商："), "{out}");
    // English is unchanged.
    let out = ok(&["quotient", "--subtract", "2,5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[3], "Generators: a = heap 2, b = heap 5");
    assert_eq!(lines[5], "P-portion: a, b²");
    assert_eq!(lines[6], "Heaps:");
}

#[test]
fn chinese_wythoff_and_grundy_sentences_read_as_sentences() {
    let out = ok(&[
        "--lang",
        "zh",
        "analyze",
        "--explain",
        "--wythoff",
        "4",
        "6",
    ]);
    assert!(
        out.lines()
            .any(|l| l
                == "从两堆各取 1 个（4 6 → 3 5）后留下 (3, 5) = (a_2, b_2)，即第 2 个威佐夫对（k = 2）：P 局面。"),
        "{out}"
    );
    assert_eq!(
        trainer_answers(
            &[
                "--lang",
                "zh",
                "play",
                "--first",
                "human",
                "--game",
                "grundys-game",
                "5"
            ],
            "1 1 = 2 + 2\n"
        ),
        ["不合规的走法：Grundy 博弈分出的堆必须大小不等，不能分成相等的堆"]
    );
}

#[test]
fn the_second_hint_in_a_sum_names_the_two_piles() {
    let answers = trainer_answers(
        &[
            "play", "--first", "human", "1", "1", "+", "wythoff", "4", "6",
        ],
        "hint\nhint\nhint\n",
    );
    assert_eq!(
        answers[1],
        "hint 2/3: take the same amount from both piles 3 and 4. Ask again for the move."
    );
    assert_eq!(
        answers[2],
        "hint 3/3: the winning move: take 1 from both piles 3 and 4 (4 6 → 3 5): type both 3 1"
    );
    let answers = trainer_answers(
        &[
            "--lang", "zh", "play", "--first", "human", "1", "1", "+", "wythoff", "4", "6",
        ],
        "hint\nhint\n",
    );
    assert_eq!(
        answers[1],
        "提示 2/3：从第 3 堆和第 4 堆各取同样多。再问可知具体着法。"
    );
    // Wythoff's game alone has no other piles to tell apart.
    let answers = trainer_answers(
        &["play", "--first", "human", "--wythoff", "4", "6"],
        "hint\nhint\n",
    );
    assert_eq!(
        answers[1],
        "hint 2/3: take the same amount from both piles. Ask again for the move."
    );
}

#[test]
fn help_and_man_page_name_the_terms_and_every_kind_of_game() {
    let help = ok(&["--help"]);
    let about = help.lines().next().unwrap();
    assert_eq!(
        about,
        "Exact solver, trainer and reviewer for Nim, subtraction, Wythoff, take-and-break games \
         and sums"
    );
    for sub in ["analyze", "play", "review", "quotient"] {
        let help = ok(&[sub, "--help"]);
        assert!(!help.contains("notes"), "{sub} --help: {help}");
        assert!(help.contains("zh: Chinese (中文), in the Chinese terms: 利己态/利他态"));
    }
    let man = ok(&["man"]);
    assert!(!man.contains("notes"));
    assert!(man.contains(
        "nimsolve \\- Exact solver, trainer and reviewer for Nim, subtraction, Wythoff, \
         take\\-and\\-break games and sums"
    ));
    assert!(
        man.contains("come with the source repository: run the examples that read them in a clone")
    );
}

#[test]
fn grundy_svg_alone_asks_for_upto_only() {
    let out = run(&["grundy", "--svg"], "");
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr.starts_with(
            "error: the following required arguments were not provided:\n  --upto <N>\n\n"
        ),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("<PILE>..."), "{}", out.stderr);
}

#[test]
fn review_refuses_explain_with_a_clear_error() {
    let out = run(&["review", "--explain"], "");
    assert_eq!(out.code, Some(2));
    assert!(
        out.stderr
            .starts_with("error: unexpected argument '--explain' found"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_review_help_example_runs_outside_a_clone() {
    let help = ok(&["review", "--help"]);
    assert!(help.contains("printf '7 8 9\\n1 8 9\\n1 8 4\\n' | nimsolve review  # Bouton's"));
    let out = ok_stdin(&["review"], "7 8 9\n1 8 9\n1 8 4\n");
    assert_eq!(
        out.lines().nth(1),
        Some("   1  first   take 6 from pile 1 (7 → 1)  → 1 8 9  [T2, P-position]  wins")
    );
}

/// `max-take:3` was "Bash game (take 1 to 3)" on one pile and "Nim with at most 3 per take" on
/// several: one game, one name, whatever the pile count, in English and in Chinese.
#[test]
fn bash_game_is_named_alike_on_one_pile_and_on_several() {
    for piles in [&["10"][..], &["10", "4"], &["10", "4", "7"]] {
        for rules in [&["--max-take", "3"][..], &["--game", "max-take:3"]] {
            let args: Vec<&str> = ["analyze"]
                .iter()
                .chain(rules)
                .chain(piles)
                .copied()
                .collect();
            let en = ok(&args);
            assert!(en.contains("in Bash game (take 1 to 3),"), "{en}");
            assert!(!en.contains("per take"), "{en}");
            let zh_args: Vec<&str> = ["--lang", "zh"].iter().chain(&args).copied().collect();
            let zh = ok(&zh_args);
            assert!(zh.starts_with("巴什博弈（每次取 1 到 3 个），"), "{zh}");
            assert!(!zh.contains("的 Nim"), "{zh}");
        }
    }
    let sum = ok(&["analyze", "max-take:2", "5", "6", "+", "3"]);
    assert!(sum.contains("Bash game (take 1 to 2) + Nim"), "{sum}");
}

/// Chinese said 前周期 for the preperiod in `grundy` and 预周期 in `quotient`: one term, 预周期,
/// everywhere. And a Wythoff pair's piles in Chinese prose take full-width brackets:
/// `威佐夫对 k = 2（3, 5）`, not `(3, 5)`.
#[test]
fn chinese_says_preperiod_one_way_and_brackets_a_pair_full_width() {
    let grundy = ok(&[
        "--lang",
        "zh",
        "grundy",
        "--subtract",
        "2,5",
        "--upto",
        "20",
    ]);
    let explain = ok(&[
        "--lang",
        "zh",
        "analyze",
        "--explain",
        "--subtract",
        "2,5",
        "1000000000000000000",
    ]);
    let quotient = ok(&["--lang", "zh", "quotient", "--subtract", "1,3,4"]);
    for text in [&grundy, &explain, &quotient] {
        assert!(!text.contains("前周期"), "{text}");
    }
    assert!(grundy.contains("预周期"), "{grundy}");
    assert!(explain.contains("已过预周期"), "{explain}");
    let pair = ok(&["--lang", "zh", "analyze", "--wythoff", "3", "5"]);
    assert!(pair.contains("威佐夫对 k = 2（3, 5）"), "{pair}");
    let near = ok(&["--lang", "zh", "analyze", "--wythoff", "4", "6"]);
    assert!(
        near.contains("两堆之差 2，对应的威佐夫对是（3, 5）"),
        "{near}"
    );
}

/// A Wythoff component too large for its Grundy table was called a pile: "pile (1000000,
/// 1618034) of Wythoff's game needs …". It is the position of the game, and in a sum the
/// component is named.
#[test]
fn wythoff_component_beyond_its_table_is_named_a_position_of_a_component() {
    for args in [
        &["analyze", "3", "+", "wythoff", "1000000", "1618034"][..],
        &[
            "analyze",
            "--explain",
            "3",
            "+",
            "wythoff",
            "1000000",
            "1618033",
        ],
    ] {
        let r = run(args, b"");
        assert_eq!(r.code, Some(2), "{args:?}");
        assert!(
            r.stderr.contains("the position (1000000, 16180")
                && r.stderr
                    .contains(") of Wythoff's game, component 2, needs a Grundy table of"),
            "{}",
            r.stderr
        );
        assert!(!r.stderr.contains("pile ("), "{}", r.stderr);
        assert!(
            r.stderr.contains("(raise it with --table-limit)"),
            "{}",
            r.stderr
        );
    }
    // In Chinese: the position of 威佐夫博弈, its component, the limit and the flag.
    let r = run(
        &[
            "--lang", "zh", "analyze", "3", "+", "wythoff", "1000000", "1618034",
        ],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        "nimsolve: error: 威佐夫博弈的局面（1000000, 1618034）（第 2 个分量）需要 1618036618035 项的 Grundy 表，超过上限 10000000（可用 --table-limit 调高）\n"
    );
}
