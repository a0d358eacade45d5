//! Errors in the language of `--lang`: each kind of error (the library's error types, the
//! binary's own errors and the context around them) in English and in Chinese, with its exit
//! status; and under `--lang zh` no English sentence of the library left in an error, for
//! bad positions, rules, moves, limits and standard-input lines. JSON stays English.

use std::collections::BTreeSet;

use crate::common::cli::{json_lines, run};

/// One error kind: the command line (without `--lang`), standard input, a short phrase of its
/// English and of its Chinese message, and the exit status.
struct Kind {
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static str,
    en: &'static str,
    zh: &'static str,
}

const KINDS: &[Kind] = &[
    Kind {
        name: "SolveError (CompoundSearch)",
        args: &[
            "analyze",
            "--compound",
            "continued",
            "--search-limit",
            "100",
            "nim 9 9 9",
        ],
        stdin: "",
        en: "needs component 1's suspense number",
        zh: "需要第 1 个分量的悬念数",
    },
    Kind {
        name: "SolveError (CompoundMisere)",
        args: &["analyze", "--compound", "conjunctive", "--misere", "3"],
        stdin: "",
        en: "misère play of the conjunctive compound is not solved here",
        zh: "这里不解反常规则下的合取复合",
    },
    Kind {
        name: "NumberError",
        args: &["random", "--max", "1x"],
        stdin: "",
        en: "is not a pile size: character 2 is not a digit",
        zh: "不是堆的大小：第 2 个字符不是数字",
    },
    Kind {
        name: "PositionError (BadToken)",
        args: &["analyze", "3", "-5"],
        stdin: "",
        en: "piles cannot be negative",
        zh: "堆的大小不能是负数",
    },
    Kind {
        name: "RuleError",
        args: &["analyze", "--game", "chess", "3"],
        stdin: "",
        en: "unknown game \"chess\"",
        zh: "未知的游戏 \"chess\"",
    },
    Kind {
        name: "RuleError (OctalError)",
        args: &["analyze", "--game", "octal:7", "3"],
        stdin: "",
        en: "a code has a point",
        zh: "代码要有小数点",
    },
    Kind {
        name: "SolveError (TableBound, limit flag)",
        args: &[
            "analyze",
            "--game",
            "kayles",
            "100000",
            "--table-limit",
            "10",
        ],
        stdin: "",
        en: "(the table limit), and they prove no period (raise it with --table-limit)",
        zh: "（表上限），而这些值证明不了周期（可用 --table-limit 调高）",
    },
    Kind {
        name: "SolveError (NotAPositionWhy)",
        args: &["analyze", "digits", "234"],
        stdin: "",
        en: "pile 234 is no position of digits",
        zh: "堆 234 不是数字删除游戏的局面",
    },
    Kind {
        name: "PositionError (StateWhy)",
        args: &["analyze", "fibonacci-nim", "3", "5"],
        stdin: "",
        en: "is no position: a position is one heap, written N or N:M",
        zh: "局面是一堆，写作 N 或 N:M",
    },
    Kind {
        name: "CliError (a file where a position goes)",
        args: &["analyze", "Cargo.toml"],
        stdin: "",
        en: "\"Cargo.toml\", is a file, not a position: positions are read from standard input",
        zh: "\"Cargo.toml\" 是文件而不是局面：局面从标准输入读取",
    },
    Kind {
        name: "NoQuotientWhy",
        args: &["quotient", "--game", "wythoff"],
        stdin: "",
        en: "not a game of heaps",
        zh: "不是只能走到更小的堆的堆游戏",
    },
    Kind {
        name: "StepError",
        args: &["review"],
        stdin: "7 8 9\n7 9 9\n",
        en: "line 2: no single legal move leads from 7 8 9 to 7 9 9",
        zh: "第 2 行：从 7 8 9 到 7 9 9 不是一步合法的走法",
    },
    Kind {
        name: "MoveError (IllegalMove)",
        args: &["review", "--max-take", "2"],
        stdin: "5\n1\n",
        en: "a move takes at most 2, not 4",
        zh: "每次最多取 2 个，不能取 4 个",
    },
    Kind {
        name: "CliError",
        args: &["random", "--max", "0"],
        stdin: "",
        en: "--max must be at least 1",
        zh: "--max 至少为 1",
    },
    Kind {
        name: "ErrorContext (argument)",
        args: &["analyze", "3", "x"],
        stdin: "",
        en: "error: argument 2: pile \"x\"",
        zh: "error: 第 2 个参数：第 1 列的堆 \"x\"",
    },
    Kind {
        name: "ErrorContext (standard-input line)",
        args: &["analyze"],
        stdin: "3 4\n1,,2\n",
        en: "error: line 2: empty pile at column 3",
        zh: "error: 第 2 行：第 3 列是空堆",
    },
    Kind {
        name: "io::Error (opening a file)",
        args: &["review", "/nonexistent/positions.txt"],
        stdin: "",
        en: "opening /nonexistent/positions.txt: No such file",
        zh: "打开 /nonexistent/positions.txt：没有这个文件或目录",
    },
];

/// `--lang LANG` before `args`.
fn with_lang<'a>(lang: &'a str, args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["--lang", lang];
    all.extend_from_slice(args);
    all
}

#[test]
fn every_error_kind_in_english_and_in_chinese_with_exit_status_2() {
    for kind in KINDS {
        for (lang, phrase) in [("en", kind.en), ("zh", kind.zh)] {
            let args = with_lang(lang, kind.args);
            let out = run(&args, kind.stdin);
            assert_eq!(out.code, Some(2), "{} ({lang}): {}", kind.name, out.stderr);
            assert!(
                out.stderr.starts_with("nimsolve: error: "),
                "{} ({lang}): {}",
                kind.name,
                out.stderr
            );
            assert!(
                out.stderr.contains(phrase),
                "{} ({lang}): {:?} not in {}",
                kind.name,
                phrase,
                out.stderr
            );
        }
    }
}

/// Words a Chinese error keeps in Latin letters: names of games and their specs, notation.
const KEPT: &[&str] = &[
    "nim",
    "grundy",
    "kayles",
    "mex",
    "ascii",
    "utf",
    "nimsolve",
    "error",
    "octal",
    "wythoff",
    "digits",
    "review",
    "analyze",
    "printf",
    "help",
    "tame",
    "wild",
    "kiki",
    "fibonacci",
    "powers",
    "human",
];

/// The lowercase ASCII words of three letters or more in `text`, leaving out what the user
/// typed or may type (quoted tokens, flags, game specs, paths, examples in backquotes).
fn english_words(text: &str) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    for token in text.split(|c: char| c.is_whitespace() || !c.is_ascii()) {
        let typed = token.starts_with("--")
            || token.contains(['"', '`', '/', ':', '\''])
            || token.contains("-")
            || token.contains("..");
        if typed {
            continue;
        }
        for word in token.split(|c: char| !c.is_ascii_alphabetic()) {
            let word = word.to_ascii_lowercase();
            if word.len() >= 3 && !KEPT.contains(&word.as_str()) {
                words.insert(word);
            }
        }
    }
    words
}

/// Bad inputs of every sort: positions, rules, moves, limits, standard-input lines.
const BAD: &[(&[&str], &str)] = &[
    (&["analyze", "3", "0x5"], ""),
    (&["analyze", "3", "1e5"], ""),
    (&["analyze", "3", "2.5"], ""),
    (&["analyze", "3", "kayles", "4"], ""),
    (&["analyze", "3", "+"], ""),
    (&["analyze", "wythoff", "1", "2", "3", "+", "nim", "4"], ""),
    (&["analyze", "--game", "wythoff", "3", "4", "5"], ""),
    (&["analyze", "--game", "nim:3", "3"], ""),
    (&["analyze", "--game", "max-take", "3"], ""),
    (&["analyze", "--game", "octal:0.00", "3"], ""),
    (&["analyze", "--game", "octal:3.7", "3"], ""),
    (&["analyze", "--subtract", "0,2", "3"], ""),
    (&["analyze", "--subtract", "5..2", "3"], ""),
    (&["analyze", "--subtract", "1,x", "3"], ""),
    (&["analyze", "--max-take", "0", "3"], ""),
    (
        &[
            "analyze",
            "--game",
            "kayles",
            "100000",
            "--table-limit",
            "10",
        ],
        "",
    ),
    (
        &["analyze", "--explain", "3", "5", "--table-limit", "2"],
        "",
    ),
    (&["analyze", "digits", "234"], ""),
    (&["grundy", "--misere", "3"], ""),
    (&["grundy", "--upto", "100", "--table-limit", "10"], ""),
    (&["grundy", "kayles", "10"], ""),
    (&["random", "--count", "0"], ""),
    (&["random", "--game", "wythoff", "--piles", "3"], ""),
    (&["quotient", "--game", "wythoff"], ""),
    (&["play", "--no-coach", "3", "4"], ""),
    (&["review", "7", "8", "9"], ""),
    (&["review"], "7 8 9\n1 9 9\n"),
    (&["review"], "7 8 9\n7 8 9\n"),
    (&["review"], "3 4\n3 4 + kayles 2\n"),
    (&["review"], "7 8 9 → → 1 8 9\n"),
    (&["review"], "# nothing\n"),
    (&["review", "--max-take", "2"], "5\n1\n"),
    (&["review", "--subtract", "2,3"], "9\n8\n"),
    (&["analyze"], "1 x\n"),
    (&["analyze"], "kayles 3 nim 4\n"),
    (&["analyze"], "wythoff 1 2 3\n"),
    (&["move"], "3 -4\n"),
    (
        &[
            "analyze",
            "--compound",
            "conjunctive",
            "--search-limit",
            "50",
            "9 9",
        ],
        "",
    ),
    (&["move", "--compound", "selective", "--misere", "3"], ""),
];

#[test]
fn no_chinese_error_keeps_an_english_sentence_of_the_library() {
    for (args, stdin) in BAD {
        let en = run(&with_lang("en", args), stdin);
        let zh = run(&with_lang("zh", args), stdin);
        assert_eq!(en.code, Some(2), "{args:?}: {}", en.stderr);
        assert_eq!(zh.code, Some(2), "{args:?}: {}", zh.stderr);
        let (en_lines, zh_lines): (Vec<&str>, Vec<&str>) =
            (en.stderr.lines().collect(), zh.stderr.lines().collect());
        assert_eq!(en_lines.len(), zh_lines.len(), "{args:?}: {}", zh.stderr);
        for (en_line, zh_line) in en_lines.iter().zip(&zh_lines) {
            let en_message = en_line.trim_start_matches("nimsolve: error: ");
            let zh_message = zh_line.trim_start_matches("nimsolve: error: ");
            assert!(
                zh_message
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{args:?}: no Chinese in {zh_line}"
            );
            let shared: Vec<String> = english_words(zh_message)
                .intersection(&english_words(en_message))
                .cloned()
                .collect();
            assert!(
                shared.is_empty(),
                "{args:?}: English words {shared:?} in {zh_line} (English: {en_line})"
            );
        }
    }
}

/// The command line's usage errors (clap's) are worded in Chinese too under `--lang zh`: the
/// error, its tips and the pointer to `--help` (the usage line keeps clap's placeholders).
#[test]
fn usage_errors_in_chinese() {
    let lines: &[&[&str]] = &[
        &["analyze", "--bogus", "3"],
        &["analyzz", "3"],
        &["analyze", "--game"],
        &[],
        &["3", "4", "5"],
        &["analyze", "--color", "purple", "3"],
        &["analyze", "--json", "--json", "3"],
        &["grundy", "--upto", "x"],
    ];
    for args in lines {
        let en = run(&with_lang("en", args), "");
        let zh = run(&with_lang("zh", args), "");
        assert_eq!(
            (en.code, zh.code),
            (Some(2), Some(2)),
            "{args:?}: {}",
            zh.stderr
        );
        let head = zh.stderr.lines().next().unwrap_or_default();
        assert!(
            head.starts_with("error: ")
                && head.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{args:?}: {}",
            zh.stderr
        );
        let english = english_words(&en.stderr);
        for line in zh.stderr.lines().filter(|l| !l.starts_with("用法：")) {
            let shared: Vec<String> = english_words(line)
                .intersection(&english)
                .cloned()
                .collect();
            assert!(
                shared.is_empty(),
                "{args:?}: English words {shared:?} in {line}"
            );
        }
    }
    // The tip for a position typed without a subcommand names the command to type.
    let zh = run(&["--lang", "zh", "3", "4", "5"], "");
    assert!(
        zh.stderr.contains("`nimsolve --lang zh analyze 3 4 5`"),
        "{}",
        zh.stderr
    );
}

#[test]
fn json_errors_stay_english_under_lang_zh() {
    let out = run(&["--lang", "zh", "analyze", "--json"], "3 4\n1 x\n");
    assert_eq!(out.code, Some(2));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[1]["line"], 2);
    let error = lines[1]["error"].as_str().expect("an error field");
    assert!(error.contains("is not a non-negative integer"), "{error}");
    assert!(
        out.stderr
            .contains("第 2 行：第 3 列的堆 \"x\" 不是非负整数")
    );
}
