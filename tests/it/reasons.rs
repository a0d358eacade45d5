//! The reasons the rules give for an illegal move, in every language: the trainer (`nimsolve
//! play --first human`) and `nimsolve review` word each reason kind of the library's
//! `IllegalMove` in English and under `--lang zh` in Chinese, with the reason's real numbers;
//! review's JSON names the kind. Kinds no command can reach (a move the command line never
//! builds) are checked against the library here and their words in `src/cli/i18n/`.

use std::collections::BTreeSet;

use crate::common::cli::{json_lines, ok_stdin, run};
use crate::common::library::nats;
use nimsolve::{Game, IllegalMove, Limits, Move, MoveError, Nat, Play, Rules, SolveError};

/// One illegal move typed at the trainer: the rule flags and start, the line typed, the
/// reason's kind, its English and Chinese sentences, and the ASCII words the Chinese keeps
/// (proper names, a rule's letters).
struct Case {
    args: &'static [&'static str],
    typed: &'static str,
    kind: &'static str,
    en: &'static str,
    zh: &'static str,
    kept: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        args: &["5"],
        typed: "1 0 = 5",
        kind: "takes_nothing",
        en: "a move must take at least one object",
        zh: "一步至少要取一个",
        kept: &[],
    },
    Case {
        args: &["--wythoff", "3", "5"],
        typed: "both 4",
        kind: "more_than_pile",
        en: "cannot take 4 from a pile of 3",
        zh: "第 1 堆只有 3 个，不能取 4 个",
        kept: &[],
    },
    Case {
        args: &["--game", "kayles", "5"],
        typed: "1 1 = 0 + 4",
        kind: "split_too_few",
        en: "a split leaves two or more heaps, none of them empty",
        zh: "分堆要留下两堆或更多，每堆都不能为空",
        kept: &[],
    },
    Case {
        args: &["--game", "kayles", "5"],
        typed: "1 1 = 1 + 1",
        kind: "split_does_not_add_up",
        en: "taking 1 from 5 leaves 4, not 1 + 1",
        zh: "从 5 个中取走 1 个剩下 4 个，不是 1 + 1",
        kept: &[],
    },
    Case {
        args: &["--max-take", "3", "7"],
        typed: "1 4",
        kind: "more_than_max",
        en: "a move takes at most 3, not 4",
        zh: "每次最多取 3 个，不能取 4 个",
        kept: &[],
    },
    Case {
        args: &["--subtract", "2,5", "7"],
        typed: "1 3",
        kind: "not_in_subtraction_set",
        en: "3 is not in the subtraction set {2, 5}",
        zh: "3 不在可取数集合 {2, 5} 中",
        kept: &[],
    },
    Case {
        args: &["--subtract", "powers-of-two", "7"],
        typed: "1 3",
        kind: "not_in_subtraction_set",
        en: "3 is not in the subtraction set {1, 2, 4, 8, …} (powers of two)",
        zh: "3 不在可取数集合 {1, 2, 4, 8, …}（2 的幂）中",
        kept: &[],
    },
    Case {
        args: &["--subtract", "fibonacci", "7"],
        typed: "1 4",
        kind: "not_in_subtraction_set",
        en: "4 is not in the subtraction set {1, 2, 3, 5, 8, …} (Fibonacci numbers)",
        zh: "4 不在可取数集合 {1, 2, 3, 5, 8, …}（斐波那契数）中",
        kept: &[],
    },
    Case {
        args: &["--game", "kiki", "3", "5"],
        typed: "1 2",
        kind: "not_exactly",
        en: "a move takes exactly 1, not 2",
        zh: "每次只能取 1 个，不能取 2 个",
        kept: &[],
    },
    Case {
        args: &["--game", "kayles", "5"],
        typed: "1 3",
        kind: "not_an_amount",
        en: "a move of Kayles takes 1 or 2, not 3",
        zh: "Kayles 保龄球游戏每次只能取 1 或 2 个，不能取 3 个",
        kept: &["kayles"],
    },
    Case {
        args: &["--game", "octal:0.137", "9"],
        typed: "1 4",
        kind: "not_an_amount",
        en: "a move of Dawson's chess takes 1, 2 or 3, not 4",
        zh: "Dawson 象棋（八进制 0.137）每次只能取 1、2 或 3 个，不能取 4 个",
        kept: &["dawson"],
    },
    Case {
        args: &["officers 1 3"],
        typed: "1 1",
        kind: "may_not_leave",
        en: "in Officers, a move that takes 1 may not remove a whole heap",
        zh: "在军官游戏（八进制 0.6）中，取 1 个的走法不能取走整堆",
        kept: &[],
    },
    Case {
        args: &["--game", "octal:0.4", "5"],
        typed: "1 1",
        kind: "may_not_leave",
        en: "in octal game 0.4, a move that takes 1 may not leave one heap",
        zh: "在八进制博弈 0.4 中，取 1 个的走法不能只留下一堆",
        kept: &[],
    },
    Case {
        args: &["octal:0.1 5 1"],
        typed: "1 1 = 2 + 2",
        kind: "may_not_leave",
        en: "in octal game 0.1, a move that takes 1 may not break a heap into 2",
        zh: "在八进制博弈 0.1 中，取 1 个的走法不能把一堆分成 2 堆",
        kept: &[],
    },
    Case {
        args: &["--game", "grundys-game", "6"],
        typed: "1 0 = 3 + 3",
        kind: "unequal_heaps",
        en: "Grundy's game breaks a heap into unequal heaps",
        zh: "Grundy 博弈分出的堆必须大小不等，不能分成相等的堆",
        kept: &["grundy"],
    },
    Case {
        args: &["5", "6"],
        typed: "both 1",
        kind: "both_piles_only_wythoff",
        en: "taking from both piles is a move of Wythoff's and kiki's games only",
        zh: "从两堆同取是威佐夫博弈与 HDU 2147 棋盘游戏才有的走法",
        kept: &[],
    },
    Case {
        args: &["wythoff 3 5 + wythoff 2 4"],
        typed: "both 2 1",
        kind: "both_piles_of_one_wythoff",
        // The trainer adds which component pile 2 is in, and what to type.
        en: "taking from both piles takes from the two piles of one Wythoff component: pile 2 is the second pile of component 1 (piles 1 and 2), and both PILE TAKE names the first: type both 1 1",
        zh: "从两堆同取只能取同一个威佐夫分量的两堆：第 2 堆是第 1 个分量（第 1 和第 2 堆）的第二堆，而 both 堆号 取数 的堆号是该分量的第一堆：请输入 both 1 1",
        kept: &["both"],
    },
    Case {
        args: &["kiki 3 5 + kiki 2 4"],
        typed: "both 2 1",
        kind: "diagonal_of_one_kiki",
        en: "a diagonal move takes 1 from the two piles of one kiki component: pile 2 is the second pile of component 1 (piles 1 and 2), and both PILE TAKE names the first: type both 1 1",
        zh: "斜走只能从同一个 kiki 分量的两堆各取 1 个：第 2 堆是第 1 个分量（第 1 和第 2 堆）的第二堆，而 both 堆号 取数 的堆号是该分量的第一堆：请输入 both 1 1",
        kept: &["kiki", "both"],
    },
    Case {
        args: &["5"],
        typed: "1 1 = 2 + 2",
        kind: "split_only_take_and_break",
        en: "splitting a heap is a move of take-and-break games only",
        zh: "分堆是取子分堆游戏才有的走法",
        kept: &[],
    },
    Case {
        args: &["--game", "multiply", "9"],
        typed: "1 2",
        kind: "not_an_option",
        en: "9 → 7 is not a move: a heap m goes to ⌈m/k⌉ for k from 2 to 9",
        zh: "9 → 7 不是一步走法：一堆 m 只能变成 ⌈m/k⌉，k 为 2 到 9",
        kept: &[],
    },
    Case {
        args: &["--game", "calendar", "1101"],
        typed: "1 3",
        kind: "not_an_option",
        en: "1101 → 1098 is not a move: a date moves to the next day or to the same day of the \
             next month",
        zh: "1101 → 1098 不是一步走法：日期只能走到下一天，或下个月的同一天",
        kept: &[],
    },
    Case {
        args: &["--game", "digits", "12"],
        typed: "1 5",
        kind: "not_an_option",
        en: "12 → 7 is not a move: a move lowers one digit, or erases a 0 and every digit after it",
        zh: "12 → 7 不是一步走法：一步把一位数字改小，或擦去一个 0 及其后的所有数字",
        kept: &[],
    },
    Case {
        args: &["--game", "rule:{take t if t | n and t < n}", "12"],
        typed: "1 5",
        kind: "not_by_rule",
        en: "no alternative of the heap rule {take t if t | n and t < n} allows this move",
        zh: "堆规则 {take t if t | n and t < n}的任何一条规则都不允许这一步",
        kept: &["take", "if", "and"],
    },
    Case {
        args: &["--game", "multiply", "9"],
        typed: "both 1",
        kind: "one_pile_only",
        en: "a move changes one pile: a heap m goes to ⌈m/k⌉ for k from 2 to 9",
        zh: "一步只改变一堆：一堆 m 只能变成 ⌈m/k⌉，k 为 2 到 9",
        kept: &[],
    },
    Case {
        // The edge 1-2 stands; 5-6 is no edge, and 2-1 is 1-2.
        args: &["hackenbush 0-1,1-2"],
        typed: "cut 5-6",
        kind: "edge_not_standing",
        en: "there is no standing edge 5-6: only an edge still joined to the ground can be cut",
        zh: "没有立着的边 5-6：只能剪仍与地面相连的边",
        kept: &[],
    },
];

/// The line the trainer answers `typed` with, under `lang`: the second line of the session
/// (the first is the header), after which `quit` stops the game.
fn trainer_says(lang: &str, case: &Case) -> String {
    let mut args = vec!["--lang", lang, "play", "--no-coach", "--first", "human"];
    args.extend_from_slice(case.args);
    let out = ok_stdin(&args, format!("{}\nquit\n", case.typed));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{args:?} typing {:?}:\n{out}", case.typed);
    lines[1].to_string()
}

/// The words of ASCII letters in `text`, lowercased (two letters or more: a rule's `m` and `k`
/// are letters of a formula, not words).
fn ascii_words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
        .map(str::to_ascii_lowercase)
        .collect()
}

#[test]
fn every_reason_kind_is_worded_in_english_with_the_name_of_the_game() {
    for case in CASES {
        assert_eq!(
            trainer_says("en", case),
            format!("illegal move: {}", case.en),
            "{:?} typing {:?}",
            case.args,
            case.typed
        );
    }
}

#[test]
fn every_reason_kind_is_worded_in_chinese_with_its_numbers_and_no_english_left() {
    for case in CASES {
        let said = trainer_says("zh", case);
        assert_eq!(
            said,
            format!("不合规的走法：{}", case.zh),
            "{:?} typing {:?}",
            case.args,
            case.typed
        );
        let kept: BTreeSet<String> = case.kept.iter().map(|w| w.to_string()).collect();
        let left: Vec<String> = ascii_words(case.en)
            .intersection(&ascii_words(&said))
            .filter(|w| !kept.contains(*w))
            .cloned()
            .collect();
        assert!(left.is_empty(), "{said:?} keeps English words {left:?}");
    }
}

#[test]
fn the_cases_cover_every_kind_a_command_can_reach() {
    let kinds: BTreeSet<&str> = CASES.iter().map(|c| c.kind).collect();
    let reachable = [
        "takes_nothing",
        "more_than_pile",
        "split_too_few",
        "split_does_not_add_up",
        "more_than_max",
        "not_in_subtraction_set",
        "not_exactly",
        "not_an_amount",
        "may_not_leave",
        "unequal_heaps",
        "both_piles_only_wythoff",
        "both_piles_of_one_wythoff",
        "diagonal_of_one_kiki",
        "split_only_take_and_break",
        "not_an_option",
        "one_pile_only",
        "not_by_rule",
        "edge_not_standing",
    ];
    assert_eq!(kinds, reachable.into_iter().collect());
}

/// `review` of the positions `lines` under `flags`: its stdout and stderr, which exit 2.
fn review(lang: &str, flags: &[&str], lines: &str) -> (String, String) {
    let mut args = vec!["--lang", lang, "review"];
    args.extend_from_slice(flags);
    let out = run(&args, lines);
    assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
    (out.stdout, out.stderr)
}

#[test]
fn review_names_the_forbidden_move_and_its_reason_in_chinese() {
    let (stdout, stderr) = review("zh", &["--max-take", "3"], "10\n5\n");
    assert_eq!(
        stdout.lines().nth(1),
        Some(
            "   1  先手    从 10 到 5 不是一步合法的走法：从第 1 堆取 5 个（10 → 5）可以走到那里，\
             但这一步不合规：每次最多取 3 个，不能取 5 个"
        )
    );
    // Standard error says the same, with the line's number.
    assert_eq!(
        stderr,
        "nimsolve: error: 第 2 行：从 10 到 5 不是一步合法的走法：从第 1 堆取 5 个（10 → 5）\
         可以走到那里，但这一步不合规：每次最多取 3 个，不能取 5 个\n"
    );
    let (stdout, _) = review("zh", &["--game", "kayles"], "5\n2\n");
    assert_eq!(
        stdout.lines().nth(1),
        Some(
            "   1  先手    从 5 到 2 不是一步合法的走法：从第 1 堆取 3 个（5 → 2）可以走到那里，\
             但这一步不合规：Kayles 保龄球游戏每次只能取 1 或 2 个，不能取 3 个"
        )
    );
}

#[test]
fn review_json_names_the_reason_kind_beside_the_english() {
    for (flags, lines, kind, reason) in [
        (
            &["--max-take", "3"][..],
            "10\n5\n",
            "more_than_max",
            "a move takes at most 3, not 5",
        ),
        (
            &["--subtract", "2,5"][..],
            "7\n4\n",
            "not_in_subtraction_set",
            "3 is not in the subtraction set {2, 5}",
        ),
        (
            &["--game", "kayles"][..],
            "5\n2\n",
            "not_an_amount",
            "a move of Kayles takes 1 or 2, not 3",
        ),
    ] {
        let mut args = vec!["review", "--json"];
        args.extend_from_slice(flags);
        let out = run(&args, lines);
        assert_eq!(out.code, Some(2));
        let values = json_lines(&out.stdout);
        let step = values
            .iter()
            .find(|v| v["legal"] == false)
            .expect("an illegal step");
        assert_eq!(step["reason"], kind, "{flags:?}");
        let error = step["error"].as_str().expect("error is text");
        assert!(
            error.ends_with(&format!("illegal move: {reason}")),
            "{error:?}"
        );
        assert_eq!(step["line"], 2);
        assert_eq!(step["turn"], 1);
    }
    // A step no single move makes, with no rule to blame, has no reason.
    let out = run(&["review", "--json"], "3 4 5\n3 3 3\n");
    let values = json_lines(&out.stdout);
    let step = values.iter().find(|v| v["legal"] == false).unwrap();
    assert!(step.get("reason").is_none(), "{step}");
}

/// The library's reasons that no command builds a move for, with their facts.
#[test]
fn the_library_gives_the_reasons_no_command_reaches() {
    let nim = Game::nim(Play::Normal);
    let piles = nim.position(nats(&[3, 4])).unwrap();
    // A move made for another position: pile 1 holds 3, the move says 5.
    let wrong = Move::Pile {
        pile: 0,
        from: Nat::from(5u64),
        to: Nat::from(2u64),
    };
    let reason = IllegalMove::PileHolds {
        pile: 1,
        holds: Nat::from(3u64),
        from: Nat::from(5u64),
    };
    assert_eq!(
        nim.apply_move(&piles, &wrong),
        Err(MoveError::from(reason.clone()))
    );
    assert_eq!(reason.to_string(), "pile 1 holds 3, not 5");
    assert_eq!(reason.kind(), "pile_holds");
    // Both piles of a position of one pile.
    let both = Move::Both {
        pile: 0,
        take: Nat::ONE,
    };
    assert_eq!(
        both.apply(&nats(&[3])),
        Err(MoveError::from(IllegalMove::BothNeedTwoPiles))
    );
    // Wythoff's game on three piles: no such position to move in.
    let wythoff = Game::new(
        Rules::parse("wythoff").unwrap(),
        Play::Normal,
        Limits::default(),
    );
    let err = wythoff.position(nats(&[3, 5, 7])).unwrap_err();
    assert_eq!(
        err,
        SolveError::ComponentPiles {
            game: "wythoff".into(),
            needs: 2,
            piles: 3,
        }
    );
    assert_eq!(
        err.to_string(),
        "wythoff is played on exactly 2 piles, but 3 were given"
    );
    assert_eq!(
        IllegalMove::AcrossComponents.to_string(),
        "a move changes piles of one component only"
    );
}
