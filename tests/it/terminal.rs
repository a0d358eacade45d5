//! "At home in a terminal": `--color`, `NO_COLOR` and `TERM=dumb`, JSON never coloured nor
//! translated, shell completions, the manual page, `--lang zh`, and the README's transcripts
//! run against the binary.

use std::path::Path;
use std::process;

use crate::common::cli::{BIN, nimsolve, ok, run_env};
use predicates::prelude::*;

/// Runs the binary with `args`, no input and the environment variables `env`, expects status 0
/// and nothing on stderr, returns stdout.
fn ok_env(args: &[&str], env: &[(&str, &str)]) -> String {
    run_env(args, b"", env).success(args)
}

const ESC: char = '\x1b';

/// The text without ANSI SGR escapes (`ESC [ … m`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == ESC {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Human commands that colour something.
const HUMAN: &[&[&str]] = &[
    &["analyze", "3", "5", "7"],
    &["analyze", "1", "2", "3"],
    &["analyze", "--explain", "7", "8", "9"],
    &["move", "--all", "7", "11", "13"],
    &["play", "--second", "random", "--seed", "3", "3", "4", "5"],
];

// ---------------------------------------------------------------- colour

#[test]
fn color_never_prints_no_escapes() {
    for args in HUMAN {
        let mut all = vec!["--color", "never"];
        all.extend_from_slice(args);
        let out = ok(&all);
        assert!(!out.contains(ESC), "nimsolve {all:?}:\n{out}");
    }
}

#[test]
fn color_auto_through_a_pipe_prints_no_escapes() {
    for args in HUMAN {
        let out = ok(args);
        assert!(!out.contains(ESC), "nimsolve {args:?}:\n{out}");
        let mut all = vec!["--color", "auto"];
        all.extend_from_slice(args);
        assert_eq!(ok(&all), out);
    }
}

#[test]
fn color_always_colours_and_only_adds_escapes() {
    for args in HUMAN {
        let plain = ok(args);
        let mut all = vec!["--color", "always"];
        all.extend_from_slice(args);
        let coloured = ok(&all);
        assert!(coloured.contains(ESC), "nimsolve {all:?}:\n{coloured}");
        assert_eq!(strip_ansi(&coloured), plain, "nimsolve {all:?}");
    }
}

#[test]
fn color_always_marks_outcome_moves_and_the_high_bit() {
    // Bold green N, bold red P, cyan winning moves, bold yellow highest bit.
    let n = ok(&["analyze", "--color", "always", "3", "5", "7"]);
    assert!(n.starts_with("\x1b[1m\x1b[32mN-position"), "{n:?}");
    assert!(n.contains("\x1b[36mtake 1 from pile 1 (3 → 2)"), "{n:?}");
    let p = ok(&["analyze", "--color", "always", "1", "2", "3"]);
    assert!(p.starts_with("\x1b[1m\x1b[31mP-position"), "{p:?}");
    let explain = ok(&["analyze", "--explain", "--color", "always", "7", "8", "9"]);
    // Bit 2 of the nim-sum 6 = 110: the first digit of 110 and the third from the right in
    // every pile.
    assert!(explain.contains("\x1b[1m\x1b[33m^ highest set bit: bit 2"));
    for row in ["pile 1  = 7 =  ", "pile 2  = 8 = 1", "nim-sum = 6 =  "] {
        let at = explain
            .find(row)
            .unwrap_or_else(|| panic!("{row:?} in {explain}"));
        assert!(
            explain[at + row.len()..].starts_with("\x1b[1m\x1b[33m"),
            "{row:?} in {explain:?}"
        );
    }
}

#[test]
fn explicit_color_wins_over_no_color_and_dumb_term() {
    let args = ["analyze", "--color", "always", "3", "5", "7"];
    assert!(ok_env(&args, &[("NO_COLOR", "1")]).contains(ESC));
    assert!(ok_env(&args, &[("TERM", "dumb")]).contains(ESC));
    let args = ["analyze", "--color", "never", "3", "5", "7"];
    assert!(!ok_env(&args, &[("TERM", "xterm-256color")]).contains(ESC));
}

#[test]
fn no_color_and_dumb_term_through_a_pipe_print_no_escapes() {
    let args = ["analyze", "--explain", "7", "8", "9"];
    assert!(!ok_env(&args, &[("NO_COLOR", "1")]).contains(ESC));
    assert!(!ok_env(&args, &[("TERM", "dumb")]).contains(ESC));
}

/// Runs the binary on a pseudo-terminal (util-linux `script`), as a person would; fails where
/// `script` is not installed or the run does not succeed.
fn on_a_terminal(args: &str, env: &[(&str, &str)]) -> String {
    let mut cmd = process::Command::new("script");
    cmd.args(["-qec", &format!("{BIN} {args}"), "/dev/null"])
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR")
        .stdin(process::Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap_or_else(|e| {
        panic!("this test needs util-linux `script` to run nimsolve on a terminal: {e}")
    });
    assert!(
        out.status.success(),
        "script -qec 'nimsolve {args}' {env:?}: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn color_auto_on_a_terminal_honours_no_color_and_term() {
    let coloured = on_a_terminal("analyze 3 5 7", &[]);
    assert!(coloured.contains(ESC), "{coloured:?}");
    let no_color = on_a_terminal("analyze 3 5 7", &[("NO_COLOR", "1")]);
    assert!(!no_color.contains(ESC), "{no_color:?}");
    assert!(no_color.contains("N-position (S2)"));
    let empty = on_a_terminal("analyze 3 5 7", &[("NO_COLOR", "")]);
    assert!(
        empty.contains(ESC),
        "NO_COLOR empty counts as unset: {empty:?}"
    );
    let dumb = on_a_terminal("analyze 3 5 7", &[("TERM", "dumb")]);
    assert!(!dumb.contains(ESC), "{dumb:?}");
    let never = on_a_terminal("analyze --color never 3 5 7", &[]);
    assert!(!never.contains(ESC), "{never:?}");
}

#[test]
fn json_is_never_coloured_nor_translated() {
    let cases: &[&[&str]] = &[
        &["analyze", "--json", "3", "5", "7"],
        &["analyze", "--json", "--misere", "1", "1", "4"],
        &["move", "--json", "--all", "7", "11", "13"],
        &[
            "play", "--json", "--second", "random", "--seed", "3", "3", "4", "5",
        ],
        &["grundy", "--json", "--subtract", "1,3,4", "--upto", "20"],
        &["grundy", "--json", "--wythoff", "--upto", "4"],
    ];
    for args in cases {
        let plain = ok(args);
        for extra in [
            ["--color", "always"],
            ["--color", "never"],
            ["--lang", "zh"],
        ] {
            let mut all = extra.to_vec();
            all.extend_from_slice(args);
            let out = ok(&all);
            assert!(!out.contains(ESC), "nimsolve {all:?}:\n{out}");
            assert_eq!(out, plain, "nimsolve {all:?}");
        }
        let mut all = vec!["--color", "always", "--lang", "zh"];
        all.extend_from_slice(args);
        assert_eq!(ok(&all), plain, "nimsolve {all:?}");
    }
    // A batch, and its bad lines.
    nimsolve()
        .args(["analyze", "--json", "--color", "always", "--lang", "zh"])
        .write_stdin("3 5 7\n1 x\n1 1\n")
        .assert()
        .code(2)
        .stdout(predicate::str::contains('\x1b').not())
        .stdout(predicate::str::contains("\"outcome\":\"N\""));
}

// ---------------------------------------------------------------- completions and man

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = ok(&["completions", shell]);
        assert!(script.len() > 200, "{shell}: {script}");
        for sub in ["analyze", "move", "play", "grundy", "completions", "man"] {
            assert!(script.contains(sub), "{shell} completion lacks {sub}");
        }
        assert!(script.contains("color"), "{shell} completion lacks --color");
    }
}

#[test]
fn completions_of_an_unknown_shell_is_a_usage_error() {
    nimsolve()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'tcsh'"));
}

#[test]
fn man_is_a_roff_page() {
    let page = ok(&["man"]);
    assert!(page.starts_with(".TH") || page.contains(".SH"), "{page}");
    for needle in [
        ".TH nimsolve 1",
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH COMMANDS",
        ".SH EXAMPLES",
        ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT",
        "NO_COLOR",
        "nimsolve analyze 3 5 7",
        "\\-\\-lang",
        "\\-\\-misere",
    ] {
        assert!(page.contains(needle), "no {needle:?} in the page");
    }
}

#[test]
fn man_renders_with_groff() {
    // groff with preconv (-k) for UTF-8, as man(1) runs it; the test fails where groff is not
    // installed.
    let dir = std::env::temp_dir().join(format!("nimsolve-man-{}", process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("nimsolve.1");
    std::fs::write(&file, ok(&["man"])).unwrap();
    let out = process::Command::new("groff")
        .args(["-k", "-man", "-Tutf8", "-P", "-cbou"])
        .arg(&file)
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    let out = out.unwrap_or_else(|e| panic!("this test needs groff to render the page: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "EXIT STATUS",
        "EXAMPLES",
        "nimsolve analyze --explain 7 8 9",
        "misère",
        "利己态",
    ] {
        assert!(text.contains(needle), "no {needle:?} in\n{text}");
    }
}

#[test]
fn every_subcommand_help_has_examples() {
    for sub in ["analyze", "move", "play", "grundy", "completions", "man"] {
        nimsolve()
            .args([sub, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples:"));
    }
}

// ---------------------------------------------------------------- languages

/// Whether `text` holds any CJK ideograph.
fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

#[test]
fn english_is_the_default() {
    for args in HUMAN {
        let out = ok(args);
        assert!(!has_cjk(&out), "nimsolve {args:?}:\n{out}");
        let mut all = vec!["--lang", "en"];
        all.extend_from_slice(args);
        assert_eq!(ok(&all), out);
    }
}

#[test]
fn zh_names_s_and_t_states_and_the_outcome() {
    let s2 = ok(&["analyze", "--lang", "zh", "3", "5", "7"]);
    assert!(
        s2.starts_with(
            "Nim，正常规则下的 N 局面（S2，利己态）：先手必胜；nim和 1；3 种必胜走法，例如：从第 1 堆取 1 个（3 → 2）"
        ),
        "{s2}"
    );
    let t2 = ok(&["analyze", "--lang", "zh", "1", "2", "3"]);
    assert!(
        t2.starts_with(
            "Nim，正常规则下的 P 局面（T2，利他态）：先手必败（双方都走最优时）；nim和 0"
        ),
        "{t2}"
    );
    let misere = ok(&["analyze", "--lang", "zh", "--misere", "1", "1", "1"]);
    assert!(
        misere.contains("利己态") && misere.contains("必败"),
        "{misere}"
    );
    assert!(misere.contains("反常规则"), "{misere}");
}

#[test]
fn zh_explain_uses_the_notes_terms() {
    let out = ok(&[
        "analyze",
        "--explain",
        "--lang",
        "zh",
        "--misere",
        "1",
        "1",
        "4",
    ]);
    for term in [
        "状态 S1（利己态）",
        "恰有一个充裕堆",
        "充裕堆 1 个，孤单堆 2 个",
        "nim和",
        "必胜",
        "从第 3 堆取 3 个（4 → 1）",
    ] {
        assert!(out.contains(term), "no {term:?} in\n{out}");
    }
    let t0 = ok(&["analyze", "--explain", "--lang", "zh", "--misere", "1", "1"]);
    assert!(t0.contains("状态 T0（利他态）"), "{t0}");
    assert!(t0.contains("孤单堆 2 个"), "{t0}");
    let sg = ok(&[
        "analyze",
        "--explain",
        "--lang",
        "zh",
        "--subtract",
        "2,5",
        "2",
        "4",
        "7",
    ]);
    assert!(sg.contains("异或"), "{sg}");
}

#[test]
fn zh_explain_keeps_the_binary_columns_aligned() {
    let out = ok(&["analyze", "--explain", "--lang", "zh", "7", "8", "9"]);
    let lines: Vec<&str> = out.lines().collect();
    // The binary numbers end in the same terminal column; CJK characters take two.
    let width = |line: &str| {
        line.chars()
            .map(|c| if has_cjk(&c.to_string()) { 2 } else { 1 })
            .sum::<usize>()
    };
    let rows: Vec<usize> = lines[2..5]
        .iter()
        .chain(&lines[6..7])
        .map(|l| width(l))
        .collect();
    assert!(rows.iter().all(|w| *w == rows[0]), "{rows:?}\n{out}");
    // The caret stands under the nim-sum's highest set bit.
    let sum = lines[6];
    let caret = lines[7];
    let caret_col = caret.find('^').unwrap();
    let one_col = width(&sum[..sum.rfind("110").unwrap()]);
    assert_eq!(caret_col, one_col, "\n{sum}\n{caret}");
}

#[test]
fn zh_move_play_and_grundy() {
    let mv = ok(&["move", "--lang", "zh", "--misere", "1", "1", "4"]);
    assert_eq!(
        mv,
        "从第 3 堆取 3 个（4 → 1） → 1 1 1：必胜走法（N 局面（S1，利己态），Nim，反常规则（misère））\n"
    );
    let play = ok(&["play", "--lang", "zh", "3", "4", "5"]);
    assert!(play.starts_with("Nim，正常规则，从 3 4 5 开始（先手：最优，后手：最优）\n"));
    assert!(play.contains("先手获胜"), "{play}");
    let grundy = ok(&[
        "grundy",
        "--lang",
        "zh",
        "--subtract",
        "1,3,4",
        "--upto",
        "20",
    ]);
    assert!(grundy.contains("周期为 7"), "{grundy}");
}

// ---------------------------------------------------------------- the README

/// Every `$ nimsolve …` transcript in the README's console blocks that runs without a shell
/// (no pipe, redirection or interactive player), with what it prints.
fn readme_transcripts() -> Vec<(String, String)> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let mut transcripts = Vec::new();
    let mut in_console = false;
    let mut current: Option<(String, String)> = None;
    for line in readme.lines() {
        if line.starts_with("```") {
            if let Some(t) = current.take() {
                transcripts.push(t);
            }
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            if let Some(t) = current.take() {
                transcripts.push(t);
            }
            current = Some((command.to_string(), String::new()));
        } else if let Some((_, output)) = &mut current {
            output.push_str(line);
            output.push('\n');
        }
    }
    transcripts
        .into_iter()
        .filter(|(command, _)| {
            (command.starts_with("nimsolve ") || command.starts_with("cat "))
                && shell_words(command).is_some()
                && !command.contains("human")
        })
        .collect()
}

/// The words of a command as a shell splits them: at blanks, a single-quoted part (`'rule:{take
/// t if t | n}'`) kept whole; `None` for a command that needs a shell (a pipe, a redirection,
/// an expansion, or an unclosed quote).
fn shell_words(command: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                let quoted = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        q => quoted.push(q),
                    }
                }
            }
            ' ' | '\t' => words.extend(word.take()),
            '|' | '<' | '>' | '$' | '"' | '\\' | '&' | ';' | '`' | '*' | '?' => return None,
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Some(words)
}

#[test]
fn shell_words_keep_a_quoted_rule_whole() {
    assert_eq!(
        shell_words("nimsolve grundy --game 'rule:{take t if t | n}' --upto 3"),
        Some(
            [
                "nimsolve",
                "grundy",
                "--game",
                "rule:{take t if t | n}",
                "--upto",
                "3"
            ]
            .map(String::from)
            .to_vec()
        )
    );
    assert_eq!(shell_words("nimsolve analyze 3 | head"), None);
    assert_eq!(shell_words("nimsolve analyze 'x"), None);
}

#[test]
fn readme_transcripts_match_the_binary() {
    let transcripts = readme_transcripts();
    assert!(
        transcripts
            .iter()
            .any(|(c, _)| c.starts_with("nimsolve analyze --explain")),
        "the README has an --explain transcript"
    );
    assert!(
        transcripts.iter().any(|(c, _)| c.contains("--lang zh")),
        "the README has a --lang zh transcript"
    );
    assert!(
        transcripts
            .iter()
            .any(|(c, _)| c.contains("'rule:{take t if t | n and t < n} 12'")),
        "the README's divisor-game transcripts, quoted, are run"
    );
    let mut wrong = String::new();
    // A file a transcript prints with `cat` (a graph of `graph:FILE`) is written, as printed,
    // to a directory of its own, where the commands that name it run.
    let dir = std::env::temp_dir().join(format!("nimsolve-readme-{}", std::process::id()));
    let mut files: Vec<String> = Vec::new();
    for (command, expected) in transcripts {
        if let Some(file) = command.strip_prefix("cat ") {
            std::fs::create_dir_all(&dir).expect("a temporary directory");
            std::fs::write(dir.join(file), &expected).expect("the file of a transcript");
            files.push(file.to_string());
            continue;
        }
        let words = shell_words(&command).expect("a command without a shell");
        let args: Vec<&str> = words.iter().skip(1).map(String::as_str).collect();
        let out = if files.iter().any(|f| command.contains(f.as_str())) {
            let output = crate::common::cli::nimsolve()
                .current_dir(&dir)
                .args(&args)
                .output()
                .expect("nimsolve runs");
            crate::common::cli::Run::utf8(output).success(&args)
        } else {
            ok(&args)
        };
        if out != expected {
            wrong.push_str(&format!(
                "$ {command}\nREADME:\n{expected}nimsolve:\n{out}\n"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "README transcripts differ:\n{wrong}");
}
